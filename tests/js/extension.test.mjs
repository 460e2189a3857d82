// Context extension (issue 19, experiments 1 and 2): the runner the trainer worker uses gives exactly
// what the bindings give when called directly, and the quick scaling run on the shipped RoPE model
// shows the shapes the papers report (PI without fine-tuning fails inside L; YaRN holds past L).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { closeTo, loadForTests } from './load.mjs';

const root = new URL('../../', import.meta.url);
let posenc;
let runExtension;
let rope; // the shipped RoPE model's parameters (Float32Array), decoded by the page's own decoder
before(async () => {
  posenc = await loadForTests();
  ({ runExtension } = await import(new URL('dist/extension-work.js', root)));
  const { decodeShipped } = await import(new URL('dist/views/trained-models.js', root));
  const manifest = JSON.parse(await readFile(new URL('web/data/trained-models.json', root), 'utf8'));
  rope = decodeShipped(manifest, new Uint8Array(await readFile(new URL('web/data/trained-models.bin', root)))).models.get('rope').parameters;
});

/** Runs the runner as the worker does (no slicing pauses), collecting what it posts. */
async function run(message) {
  const posted = [];
  const disposed = [];
  await runExtension(posenc, message, {
    sliceMs: 25,
    checkRunning: async () => {},
    post: (data) => posted.push(data),
    onDisposed: (live) => disposed.push(live),
  });
  return { results: posted.filter((data) => data.type === 'extensionResult'), posted, disposed };
}

/** Counts equal, means within 1e-12 (a mean of per-sequence means rounds differently from one mean). */
function sameScores(actual, expected, where) {
  assert.deepEqual(Array.from(actual.buckets.count), Array.from(expected.buckets.count), where);
  const pairs = [
    ...['inDistribution', 'beyond'].flatMap((part) => [
      [actual[part].accuracy, expected[part].accuracy],
      [actual[part].confidence, expected[part].confidence],
    ]),
    ...Array.from(actual.buckets.accuracy, (value, b) => [value, expected.buckets.accuracy[b]]),
    ...Array.from(actual.buckets.confidence, (value, b) => [value, expected.buckets.confidence[b]]),
  ];
  for (const [a, e] of pairs) closeTo(a, e, 1e-12, where);
  assert.equal(actual.inDistribution.count, expected.inDistribution.count, where);
  assert.equal(actual.beyond.count, expected.beyond.count, where);
}

let quickScaling;
test('the quick scaling run scores every kind the engine compares, each exactly as extensionEvaluate does', async () => {
  quickScaling = await run({ type: 'extension', experiment: 'scaling', size: 'quick', seed: 1, parameters: rope });
  const { results } = quickScaling;
  assert.deepEqual(
    results.map((r) => r.kind),
    posenc.extension.kinds.map((k) => k.name),
  );
  const preset = posenc.extension.presets.find((p) => p.experiment === 'scaling' && p.name === 'quick');
  for (const result of results) {
    // One call over every sequence against the runner's one call per sequence: parts add up exactly.
    const direct = posenc.extensionEvaluate({ kind: result.kind, parameters: rope });
    sameScores(result, direct, result.kind);
    assert.equal(result.factor, preset.targetLength / 2048);
    assert.equal(result.targetLength, preset.targetLength);
    assert.equal(result.buckets.end.at(-1), preset.targetLength);
  }
});

test("the quick scaling run shows the papers' shapes: PI without fine-tuning fails inside L, YaRN holds past L", () => {
  const by = Object.fromEntries(quickScaling.results.map((r) => [r.kind, r]));
  assert.ok(by.none.inDistribution.accuracy >= 0.9, `none inside L: ${by.none.inDistribution.accuracy}`);
  assert.ok(by.pi.inDistribution.accuracy <= 0.5, `PI inside L: ${by.pi.inDistribution.accuracy}`);
  assert.ok(by.yarn.beyond.accuracy >= by.none.beyond.accuracy + 0.3, `YaRN ${by.yarn.beyond.accuracy} vs none ${by.none.beyond.accuracy} past L`);
  // YaRN's attention factor is the closed form 0.1 ln s + 1; every other kind's is 1.
  assert.ok(Math.abs(by.yarn.attentionFactor - (0.1 * Math.log(by.yarn.factor) + 1)) < 1e-12);
  for (const kind of ['none', 'pi', 'ntk', 'dynamic', 'llama3']) assert.equal(by[kind].attentionFactor, 1, kind);
});

test('a fine-tune trainer starts from the given parameters, repeats for the same seed, and is asked back at L', async () => {
  // Two steps of the quick fine-tune's kind YaRN, by hand and through the runner's parts.
  const id = posenc.finetuneCreate({ kind: 'yarn', parameters: rope, seed: 3 }).id;
  const { losses } = posenc.trainerStep({ id, steps: 2 });
  const { parameters } = posenc.trainerParameters({ id });
  posenc.trainerDispose({ id });
  const again = posenc.finetuneCreate({ kind: 'yarn', parameters: rope, seed: 3 }).id;
  assert.deepEqual(Array.from(posenc.trainerStep({ id: again, steps: 2 }).losses), Array.from(losses), 'same seed, same steps');
  posenc.trainerDispose({ id: again });
  assert.notDeepEqual(Array.from(parameters), Array.from(rope));
  const scored = posenc.extensionEvaluate({ experiment: 'finetune', kind: 'yarn', parameters });
  assert.equal(scored.trainedLength, 2048, 'asked as the model it started from');
  assert.equal(scored.buckets.end.at(-1), posenc.extension.presets.find((p) => p.experiment === 'finetune').targetLength);
});

test('every preset states its target, and the fine-tune budgets are the steps the engine runs', () => {
  const shipped = posenc.training.presets.find((p) => p.name === 'positionModels');
  for (const preset of posenc.extension.presets) {
    assert.equal(preset.evaluation.length, preset.targetLength);
    assert.equal(preset.steps > 0, preset.experiment === 'finetune');
    assert.ok(preset.steps <= 0.05 * shipped.steps, `${preset.experiment} ${preset.name}: at most 5% of the shipped ${shipped.steps} steps`);
  }
  assert.throws(
    () => posenc.extensionEvaluate({ kind: 'yarn', parameters: rope, size: 'huge' }),
    /^RangeError: size must be one of 'quick', 'larger'; got "huge"/,
  );
});

test("the page's findings for the quick scaling run quote its numbers and name the shapes it shows", async () => {
  const { kindFinding, versusPapers } = await import(new URL('dist/views/extension/extension-findings.js', root));
  const by = Object.fromEntries(quickScaling.results.map((r) => [r.kind, r]));
  const percent = (value) => `${(100 * value).toFixed(0)}%`;
  const finding = kindFinding(by.pi, 'PI');
  assert.ok(finding.includes(`${percent(by.pi.inDistribution.accuracy)} right inside L`), finding);
  assert.ok(finding.includes(`${percent(by.pi.beyond.accuracy)} past L up to 16,384`), finding);
  assert.ok(finding.includes('(s = 8.00)') && finding.includes('with no fine-tune'), finding);
  const versus = versusPapers(quickScaling.results, (kind) => kind);
  assert.equal(versus.length, 2);
  assert.match(versus[0], /^Agrees with the PI paper/);
  assert.ok(versus[0].includes(`(${percent(by.pi.inDistribution.accuracy)} against ${percent(by.none.inDistribution.accuracy)} unscaled)`), versus[0]);
  assert.match(versus[1], /^Agrees with the YaRN paper/);
  // The same words turn when the numbers do: a PI that held inside L would not "agree".
  const held = quickScaling.results.map((r) => (r.kind === 'pi' ? { ...r, inDistribution: { ...r.inDistribution, accuracy: 1 } } : r));
  assert.match(versusPapers(held, (kind) => kind)[0], /^Does not show the PI paper's shape/);
});

test('the fine-tune findings say whether PI was rescued, from its own losses', async () => {
  const { versusPapers } = await import(new URL('dist/views/extension/extension-findings.js', root));
  const base = quickScaling.results.map((r) => ({ ...r, steps: 15, losses: new Float64Array([16, 10.8]) }));
  const notRescued = versusPapers(base, (kind) => kind)[0];
  assert.match(notRescued, /^Does not agree with the PI paper/);
  assert.ok(notRescued.includes('from 16.0 to 10.8'), notRescued);
  const rescued = base.map((r) => (r.kind === 'pi' ? { ...r, beyond: { ...r.beyond, accuracy: 0.95 } } : r));
  assert.match(versusPapers(rescued, (kind) => kind)[0], /^Agrees with the PI paper: 15 fine-tune steps/);
});

test('an exported run carries its settings and every bucket the engine scored', async () => {
  const { extensionCsv, extensionJson } = await import(new URL('dist/views/extension/extension-export.js', root));
  const preset = { ...posenc.extension.presets.find((p) => p.experiment === 'scaling' && p.name === 'quick'), trainedLength: 2048 };
  const json = JSON.parse(extensionJson({ preset, seed: 1 }, quickScaling.results));
  assert.equal(json.factor, 8);
  assert.equal(json.results.length, quickScaling.results.length);
  assert.deepEqual(json.results[1].buckets.accuracy, Array.from(quickScaling.results[1].buckets.accuracy));
  const lines = extensionCsv({ preset, seed: 1 }, quickScaling.results).trim().split('\n');
  const buckets = quickScaling.results[0].buckets.count.length;
  assert.equal(lines.length, 1 + buckets * quickScaling.results.length);
  const header = lines[0].split(',');
  const yarnFirst = lines[1 + buckets * quickScaling.results.findIndex((r) => r.kind === 'yarn')].split(',');
  assert.equal(yarnFirst[header.indexOf('kind')], 'yarn');
  assert.equal(Number(yarnFirst[header.indexOf('attentionFactor')]), 0.1 * Math.log(8) + 1);
  assert.equal(yarnFirst[header.indexOf('targetLength')], '16384');
});
