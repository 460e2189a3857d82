// Real models in the page: every preset of posenc.models in the position and encodings views, with
// the numbers read off the page and compared with the engine (run here in node); p up to 2,000,000;
// the RoPE frequency view and the image-positions view: rendered from the engine's numbers, keyboard
// operable, axe clean light and dark, no sideways overflow at 320 and 360 px, URLs that round-trip.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { axeViolationsLightAndDark, openSite, openView } from './browser.mjs';
import { settledOverflow } from './layout.js';

const { loadPosenc } = await import(new URL('../../dist/posenc.js', import.meta.url));
const engine = await loadPosenc({ wasmBinary: readFileSync(new URL('../../dist/posenc.wasm', import.meta.url)) });
const grouped = (n) => n.toLocaleString('en-US');

let site;
before(async () => {
  site = await openSite({ bypassCSP: true });
});
after(async () => {
  await site?.close();
});

const open = (query, view) => openView(site, query, view);
const text = (selector) => site.page.locator(selector).first().textContent();
const search = () => site.page.evaluate(() => location.search);

test("every preset in the position view: its columns speak of the model with the engine's numbers", async () => {
  const p = 200000;
  for (const model of engine.models) {
    await open(`?view=position&model=${model.name}&p=${p}`, 'position');
    const analysis = engine.beyondTrained({ model: model.name, p });
    assert.equal(await site.page.inputValue('#pos-model'), model.name, model.name);
    assert.equal(await site.page.inputValue('#pos-l'), String(model.trainedLength), `${model.name}: the model sets L`);
    for (const scheme of new Set(analysis.groups.map((group) => group.scheme))) {
      const verdict = await text(`.scheme-${scheme} .scheme-verdict`);
      assert.doesNotMatch(verdict, /\. (every|local|global|rope|nope|all)\b/, `${model.name}: each sentence starts with a capital`);
      assert.ok(verdict.startsWith(`${model.label} at ${grouped(p)}: trained to ${grouped(analysis.trainedLength)}`), `${model.name}: ${verdict}`);
      if (analysis.contextLength !== analysis.trainedLength) assert.match(verdict, new RegExp(`to ${grouped(analysis.contextLength)}; past`), model.name);
      for (const group of analysis.groups.filter((g) => g.scheme === 'rope' && scheme === 'rope')) {
        const pairs = group.pairs.wavelength.length;
        // The numbers on the page for this group, as the engine gives them.
        const sentence = verdict.slice(verdict.indexOf(group.label.slice(1)));
        const [, out, of, context] = /: [^;]*; (\d+) of (\d+) rotary pairs turn past any angle seen in training(?:, (\d+) past)?/.exec(sentence) ?? [];
        assert.deepEqual([Number(out), Number(of)], [group.outOfRangeCount, pairs], `${model.name} ${group.name}: ${sentence}`);
        if (analysis.contextLength !== analysis.trainedLength) assert.equal(Number(context), group.contextOutOfRangeCount, `${model.name} ${group.name}`);
        assert.match(
          sentence,
          group.distance === p ? new RegExp(`distance ${grouped(p)}`) : new RegExp(`sees is ${grouped(group.distance)} back`),
          `${model.name} ${group.name}`,
        );
        const latent = model.groups.find((g) => g.name === group.name).latentDims;
        if (group.unrotatedDims > 0) {
          assert.match(
            sentence,
            latent > 0
              ? new RegExp(`The ${grouped(latent)}-dimension latent part`)
              : new RegExp(`${grouped(group.unrotatedDims)} of ${grouped(group.unrotatedDims + group.rotaryDims)} dimensions per head are not rotated`),
            model.name,
          );
        }
      }
      for (const group of analysis.groups.filter((g) => g.scheme === 'nope' && scheme === 'nope' && g.queryScale !== 1)) {
        assert.match(verdict, new RegExp(`queries are scaled by ${group.queryScale.toFixed(3)}`), model.name);
      }
    }
  }
});

test('partial and decoupled RoPE: the verdict says which dimensions carry no position', async () => {
  await open('?view=position&model=gpt-j-6b&p=5000', 'position');
  assert.match(await text('.scheme-rope .scheme-verdict'), /192 of 256 dimensions per head are not rotated and carry no position/);
  await open('?view=position&model=deepseek-v3&p=100000', 'position');
  const deepseek = engine.beyondTrained({ model: 'deepseek-v3', p: 100000 }).groups[0];
  const verdict = await text('.scheme-rope .scheme-verdict');
  assert.match(verdict, /The 128-dimension latent part of each query and key carries no position; only the 64-dimension rotary part turns/);
  assert.match(verdict, new RegExp(`logit factor ${deepseek.logitFactor.toFixed(4)}`));
});

test('p reaches 2,000,000 with a model: slider and field take it, the toy model rows say they stop at their bound', async () => {
  const { page } = site;
  await open('?view=position&model=llama-3.1-8b&p=2000000', 'position');
  assert.equal(await page.inputValue('#pos-p'), '2000000');
  assert.equal(await page.getAttribute('#pos-p-range', 'aria-valuetext'), 'p = 2,000,000');
  await page.fill('#pos-p', '2097152');
  await page.press('#pos-p', 'Enter');
  await page.locator('#pos-p').blur();
  await page.waitForFunction(() => location.search.includes('p=2097152'));
  assert.match(await text('.scheme-rope .scheme-verdict'), /^Llama 3\.1 8B at 2,097,152:/);
  await page.waitForFunction(() => document.querySelector('.scheme-rope .model-verdict').textContent.includes('p = 2,097,152 is past it'));
  assert.match(await text('.scheme-rope .model-verdict'), /up to p = 65,536.*p = 2,097,152 is past it/);
  // The slider's last step is the analysis bound; back to custom settings, p stays (the analyses need no table).
  await page.locator('#pos-p-range').fill('1000');
  assert.equal(await page.inputValue('#pos-p'), String(engine.limits.maxAnalysisPosition));
  await page.selectOption('#pos-model', '');
  assert.equal(await page.inputValue('#pos-p'), String(engine.limits.maxAnalysisPosition));
  assert.equal(await page.isDisabled('#pos-l'), false);
  assert.doesNotMatch(await search(), /model=/);
  await open('?view=position&p=2000000', 'position');
  assert.equal(await page.inputValue('#pos-p'), '2000000', 'custom settings reach the analysis bound too');
  await open('?view=position&model=no-such-model&p=300', 'position');
  assert.equal(await page.inputValue('#pos-model'), '', 'an unknown model opens custom settings');
  assert.equal(await page.inputValue('#pos-p'), '300');
});

test('every preset in the encodings view sets scheme, dModel and base; editing them returns to Custom', async () => {
  const { page } = site;
  await open('?view=encodings', 'encodings');
  const offered = await page.locator('#enc-model option').evaluateAll((options) => options.map((o) => o.value).filter(Boolean));
  assert.deepEqual(
    offered,
    engine.models.map((m) => m.name),
  );
  const drawsVector = (m) => m.groups.some((g) => g.scheme === 'rope' || g.scheme === 'learned');
  // A model whose position is only a bias on the scores (BLOOM, MPT: ALiBi; T5: buckets) adds the zero vector, and every
  // line of the view says where its position is instead.
  for (const model of engine.models.filter((m) => !drawsVector(m))) {
    await page.selectOption('#enc-model', model.name);
    await page.waitForFunction((label) => document.querySelector('#enc-model-note').textContent.startsWith(label), model.label);
    const bias = engine.names.scheme.find(({ name }) => model.groups.some((g) => g.scheme === name)).label;
    assert.equal(await page.inputValue('#enc-scheme'), 'nope', model.name);
    assert.match(await text('#enc-model-note'), new RegExp(`adds no position vector .* the ${bias} bias inside every attention layer`));
    assert.match(
      await text('#enc-notice'),
      new RegExp(`^What to notice: ${model.label.replace(/[()]/g, '\\$&')} adds nothing to its tokens: .*magnitude 0\\. .*the ${bias} bias`),
    );
    assert.doesNotMatch(await text('#enc-notice'), /causal mask/);
    assert.equal(await text('section[data-view="encodings"] .quiz-me-row'), `Quiz me on this: ${bias} cards`);
    const shown = await page.locator('.vector-values li span:not(.dim)').allTextContents();
    assert.ok(shown.length > 0 && shown.every((value) => value === '0.0000'), `${model.name}: ${shown.slice(0, 4)}`);
  }
  for (const name of engine.models.filter(drawsVector).map((m) => m.name)) {
    const model = engine.models.find((m) => m.name === name);
    await page.selectOption('#enc-model', name);
    const rope = model.groups.find((g) => g.rope)?.rope;
    await page.waitForFunction((label) => document.querySelector('#enc-model-note').textContent.startsWith(label), model.label);
    assert.equal(await page.inputValue('#enc-scheme'), rope ? 'rope' : 'learned', name);
    assert.equal(await page.inputValue('#enc-d'), String(rope ? model.headDim : model.dModel), name);
    if (rope) assert.equal(await page.inputValue('#enc-base'), String(rope.base), name);
    assert.match(await search(), new RegExp(`model=${name.replaceAll('.', '\\.')}`));
    // The vector at p, read off the page (4 decimals), is the engine's: R(p) applied to (1, 0) in every pair with the model's
    // pairing, scaling and partial rotary (a sequence of p + 1 tokens), or row p of the fresh learned table of the model's shape.
    const p = Number(await page.inputValue('#enc-p'));
    const shown = await page.locator('.vector-values li span:not(.dim)').allTextContents();
    let expected;
    if (rope) {
      const { rotaryAxes, mropeSection, ...settings } = rope;
      const x = new Float64Array(model.headDim);
      if (settings.pairing === 'half') x.fill(1, 0, model.headDim / 2);
      else for (let i = 0; i < model.headDim; i += 2) x[i] = 1;
      expected = engine.rope({ x, positions: [p], ...settings }).data;
    } else {
      const rows = Number(await page.inputValue('#enc-n'));
      const table = engine.learnedTable({ maxLength: rows, dModel: model.dModel, seed: 1 });
      expected = table.data.subarray(p * table.cols, (p + 1) * table.cols);
    }
    assert.equal(shown.length, expected.length, name);
    shown.forEach((text, dim) => assert.equal(text, expected[dim].toFixed(4).replace('-', '−'), `${name} dim ${dim} at p = ${p}`));
  }
  // GPT-J rotates 64 of its 256 dimensions: the vector's last dimensions stay (1, 0) at any p.
  await open('?view=encodings&model=gpt-j-6b&p=700', 'encodings');
  assert.match(await text('#enc-model-note'), /Only the first 64 of 256 dimensions rotate/);
  const last = await page.locator('.vector-values li').last().textContent();
  assert.match(last, /0\.0000/);
  await page.fill('#enc-base', '20000');
  await page.press('#enc-base', 'Enter');
  await page.locator('#enc-base').blur();
  await page.waitForFunction(() => !location.search.includes('model='));
  assert.equal(await page.inputValue('#enc-model'), '');
});

test('the frequency view: wavelengths and bands from the engine for every RoPE preset and custom settings', async () => {
  const { page } = site;
  for (const model of engine.models.filter((m) => m.groups.some((g) => g.scheme === 'rope'))) {
    await open(`?view=frequencies&model=${model.name}`, 'frequencies');
    const kind = model.groups.find((g) => g.rope?.scaling?.kind && g.rope.scaling.kind !== 'none')?.rope.scaling.kind ?? null;
    const group = model.groups.find((g) => g.rope && (kind === null || g.rope.scaling.kind === kind));
    const before = engine.ropeFrequencies({ headDim: model.headDim, ...group.rope, scaling: { kind: 'none' } }).frequencies;
    const after = engine.ropeFrequencies({ headDim: model.headDim, ...group.rope, sequenceLength: model.contextLength }).frequencies;
    // The fields show the model's settings, never the custom ones the chart does not use.
    assert.deepEqual(
      [await page.inputValue('#freq-head-dim'), await page.inputValue('#freq-base'), await page.inputValue('#freq-l'), await page.inputValue('#freq-scaling')],
      [String(model.headDim), String(group.rope.base), String(model.trainedLength), kind ?? 'none'],
      model.name,
    );
    const rows = await page.locator('#freq-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    assert.equal(rows.length, before.length, model.name);
    const read = (cell) => Number(cell.replace('−', '-'));
    for (const i of [0, before.length - 1]) {
      assert.ok(Math.abs(read(rows[i][1]) / ((2 * Math.PI) / before[i]) - 1) < 1e-3, `${model.name} pair ${i} before: ${rows[i][1]}`);
      if (kind) assert.ok(Math.abs(read(rows[i].at(-2)) / ((2 * Math.PI) / after[i]) - 1) < 1e-3, `${model.name} pair ${i} after: ${rows[i]}`);
    }
    const notice = await text('#freq-notice');
    const slowBefore = Array.from(before).filter((f) => (2 * Math.PI) / f > model.trainedLength).length;
    if (slowBefore > 0) assert.match(notice, new RegExp(`\\(${slowBefore} of ${before.length}\\) never complete a turn`), model.name);
    if (kind) {
      const factor = group.rope.scaling.factor;
      const kept = Array.from(before).filter((f, i) => Math.abs(f / after[i] - 1) <= 1e-9).length;
      const divided = Array.from(before).filter((f, i) => Math.abs(f / after[i] - factor) <= 1e-9 * factor).length;
      if (kept > 0) assert.match(notice, new RegExp(`${kept} fast pairs keep their wavelength`), model.name);
      if (divided > 0) assert.match(notice, new RegExp(`${divided} slow pairs are stretched by the full`), model.name);
      assert.equal(await page.locator('#freq-bands li.band-kept').count(), kept, model.name);
      assert.equal(await page.locator('#freq-bands li.band-divided').count(), divided, model.name);
      const stillSlow = Array.from(after).filter((f) => (2 * Math.PI) / f > model.contextLength).length;
      assert.match(notice, new RegExp(`After it, ${stillSlow} of ${before.length} pairs still turn less than once`), model.name);
    }
  }
  // Custom settings by keyboard: pick Custom, then Llama 3 scaling; the URL holds them and a reload shows the same.
  await open('?view=frequencies&model=llama-3.1-8b', 'frequencies');
  await page.focus('#freq-model');
  await page.selectOption('#freq-model', '');
  await page.focus('#freq-scaling');
  await page.selectOption('#freq-scaling', 'llama3');
  await page.waitForFunction(() => location.search.includes('scaling=llama3'));
  const query = await search();
  assert.doesNotMatch(query, /model=/);
  const notice = await text('#freq-notice');
  await open(query, 'frequencies');
  assert.equal(await text('#freq-notice'), notice, 'the URL brings back the same view');
  assert.equal(await page.inputValue('#freq-scaling'), 'llama3');
});

test('custom frequencies take a 1M-token trained length; an L x s past the scaled context is refused beside s', async () => {
  const { page } = site;
  await open('?view=frequencies&scaling=llama3&L=1048576&s=8', 'frequencies');
  assert.equal(await page.inputValue('#freq-l'), '1048576');
  assert.match(await text('#freq-settings'), /trained to 1,048,576, context 8,388,608;/);
  await page.fill('#freq-factor', '32');
  await page.press('#freq-factor', 'Enter');
  await page.waitForFunction(() => document.getElementById('freq-factor-problem')?.textContent !== '');
  assert.equal(await text('#freq-factor-problem'), 'The scaled context L × s must be at most 16,777,217; got 33,554,432 (L 1,048,576 × s 32.00).');
  assert.match(await search(), /s=8\b/, 'the refused factor never reaches the URL');
  // A link asking for the same keeps the defaults instead of failing.
  await open('?view=frequencies&scaling=yarn&L=1048576&s=1024', 'frequencies');
  assert.equal(await page.inputValue('#freq-l'), '4096');
  assert.doesNotMatch(await text('#status'), /failed/);
});

test("the encodings view's similarity chart runs with the picked model's scaling and partial rotary", async () => {
  const { page } = site;
  const p = 100;
  for (const name of ['qwen2.5-7b', 'gpt-j-6b', 'phi-3-mini-128k', 'llama-3.1-8b']) {
    const model = engine.models.find((m) => m.name === name);
    const { rotaryAxes, mropeSection, ...rope } = model.groups.find((g) => g.rope).rope;
    await open(`?view=encodings&model=${name}&p=${p}`, 'encodings');
    // The chart's points, read by keyboard from its spoken readout (4 decimals): offsets 0 to 12, then the last (1,023),
    // where Llama 3's slow pairs, divided by 8, have moved apart from plain RoPE's.
    await page.focus('#enc-similarity');
    await page.keyboard.press('Home');
    const read = new Map();
    const readPoint = async () => {
      const spoken = await page.locator('#enc-similarity [aria-live]').textContent();
      const [, at, score] = /offset δ (\d+): RoPE score (\S+)/.exec(spoken) ?? [];
      read.set(Number(at), Number(score.replace('−', '-')));
    };
    for (let delta = 0; delta <= 12; delta += 1) {
      await readPoint();
      await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('End');
    await readPoint();
    const maxOffset = Math.min(1023, engine.limits.maxPosition - p);
    assert.deepEqual([...read.keys()], [...Array.from({ length: 13 }, (_, i) => i), maxOffset], name);
    const withModel = engine.offsetSimilarity({ p, maxOffset, dModel: model.headDim, ...rope }).ropeScore;
    const plain = engine.offsetSimilarity({ p, maxOffset, dModel: model.headDim, base: rope.base, pairing: rope.pairing }).ropeScore;
    for (const [delta, score] of read) assert.ok(Math.abs(score - withModel[delta]) <= 5e-5, `${name} δ = ${delta}: page ${score}, engine ${withModel[delta]}`);
    // Plain RoPE at the same base and pairing would have drawn something else.
    assert.ok(
      [...read].some(([delta, score]) => Math.abs(score - plain[delta]) > 1e-2),
      `${name}: the chart must differ from plain RoPE`,
    );
    const note = await text('#enc-similarity-note');
    if (rope.rotaryFraction < 1)
      assert.match(note, new RegExp(`The ${model.headDim - model.headDim * rope.rotaryFraction} unrotated dimensions add the same`), name);
    if (rope.scaling.kind === 'longrope') assert.match(note, /depends on δ and that length/, name);
    if (rope.scaling.kind === 'yarn') assert.match(note, /attention factor 1\.1386/, name);
  }
});

test("the frequency view's layer picker: Gemma 3's local and global layers, Llama 4's NoPE layers, in the URL", async () => {
  const { page } = site;
  await open('?view=frequencies&model=llama-3.1-8b', 'frequencies');
  assert.equal(await page.isVisible('#freq-group'), false, 'one layer group: no picker');
  const gemma = engine.models.find((m) => m.name === 'gemma-3-4b');
  await open('?view=frequencies&model=gemma-3-4b', 'frequencies');
  assert.equal(await page.inputValue('#freq-group'), 'global', 'the scaled group first');
  const labels = await page.locator('#freq-group option').allTextContents();
  assert.deepEqual(labels, ['Local layers: a sliding window of 1,024 keys', 'Global layers (every 6th)']);
  await page.focus('#freq-group');
  await page.selectOption('#freq-group', 'local');
  await page.waitForFunction(() => location.search.includes('layers=local'));
  const local = gemma.groups.find((g) => g.name === 'local');
  const frequencies = engine.ropeFrequencies({ headDim: gemma.headDim, ...local.rope }).frequencies;
  const rows = await page.locator('#freq-table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
  assert.equal(rows.length, frequencies.length);
  for (const i of [0, frequencies.length - 1]) {
    const wave = Number(rows[i][1].replace('−', '-'));
    assert.ok(Math.abs(wave / ((2 * Math.PI) / frequencies[i]) - 1) < 1e-3, `local pair ${i}: ${rows[i]}`);
  }
  assert.equal(await page.inputValue('#freq-base'), '10000');
  // The local layers' window caps every distance they compare: the pairs slower than it, counted from the engine.
  const slowerThanWindow = Array.from(frequencies).filter((f) => (2 * Math.PI) / f > local.span.size).length;
  assert.match(
    await text('#freq-notice'),
    new RegExp(
      `a query sees no key ${grouped(local.span.size)} or more positions back, so ${slowerThanWindow} of ${frequencies.length} pairs never complete a turn`,
    ),
  );
  assert.match(await text('#freq-settings'), /^Gemma 3 4B, local layers: a sliding window of 1,024 keys\. Head dimension 256/);
  const query = await search();
  await open(query, 'frequencies');
  assert.equal(await page.inputValue('#freq-group'), 'local', 'the URL brings the group back');
  // Another model opens at its own default group.
  await page.selectOption('#freq-model', 'llama-4-scout');
  await page.waitForFunction(() => location.search.includes('model=llama-4-scout') && !location.search.includes('layers='));
  await page.selectOption('#freq-group', 'nope');
  await page.waitForFunction(() => location.search.includes('layers=nope'));
  assert.match(await text('#freq-settings'), /No rotary frequencies: these layers carry no position\./);
  assert.equal(await page.isVisible('#freq-chart'), false);
  assert.equal(await page.isVisible('#freq-table'), false);
  assert.equal(await page.isVisible('#freq-base'), false, 'no base or scaling to show for layers without RoPE');
  // A group the model does not have opens its default one.
  await open('?view=frequencies&model=smollm3-3b&layers=global', 'frequencies');
  assert.equal(await page.inputValue('#freq-group'), 'rope');
});

test('the image-positions view: arrow keys move the patch, each step turns only its section, URLs round-trip', async () => {
  const { page } = site;
  await open('?view=grid&h=3&w=5&t=2', 'grid');
  assert.match(await text('#grid-position'), /\(t, h, w\) = \(2, 3, 5\)/);
  await page.focus('#grid-patches');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  assert.match(await text('#grid-position'), /\(t, h, w\) = \(2, 5, 6\)/);
  await page.waitForFunction(() => location.search.includes('h=5') && location.search.includes('w=6'));
  // The sections and their counts are the engine's (pairAxis); a step right turns only the w section's pairs.
  const model = engine.models.find((m) => m.name === 'qwen2-vl-7b');
  const { pairAxis } = engine.ropeFrequencies({ headDim: model.headDim, ...model.groups[0].rope });
  const count = (axis) => Array.from(pairAxis).filter((a) => a === axis).length;
  const rows = await page.locator('#grid-sections tbody tr').evaluateAll((trs) => trs.map((tr) => tr.textContent));
  assert.deepEqual(
    rows.map((row) => Number(/\((\d+)\)/.exec(row)[1])),
    [count(0), count(1), count(2)],
  );
  const turnedBy = await page
    .locator('#grid-sections tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [tr.children[0].textContent, tr.children[2].textContent]));
  assert.deepEqual(turnedBy, [
    ['t section', 't = 2'],
    ['h section', 'h = 5'],
    ['w section', 'w = 6'],
  ]);
  assert.match(
    await text('#grid-notice'),
    new RegExp(`one patch to the right turns ${count(2)} of ${pairAxis.length} pairs, one patch down ${count(1)}, the next frame ${count(0)}`),
  );
  await page.keyboard.press('End');
  assert.match(await text('#grid-position'), /column 15/);
  await page.selectOption('#grid-axes', 'axial');
  assert.match(await text('#grid-position'), /\(h, w\) = \(5, 15\)/);
  const query = await search();
  await open(query, 'grid');
  assert.match(await text('#grid-position'), /\(h, w\) = \(5, 15\)/);
  assert.equal(await page.isDisabled('#grid-t'), true);
});

test('the new views and a picked model: axe clean light and dark, no sideways overflow at 320 and 360 px', async () => {
  const { page } = site;
  const places = [
    ['?view=frequencies&model=phi-3-mini-128k', 'frequencies'],
    ['?view=frequencies', 'frequencies'],
    ['?view=frequencies&model=llama-4-scout&layers=nope', 'frequencies'],
    ['?view=grid', 'grid'],
    ['?view=position&model=gemma-3-4b&p=2000000', 'position'],
    ['?view=encodings&model=llama-3.1-8b', 'encodings'],
  ];
  // Each place loads once, at 320 px: then it is widened to 360 px and to the desktop, and axe checks it in both
  // colour schemes (the layout follows the window and the palette is CSS, so neither needs a reload).
  for (const [query, view] of places) {
    await page.setViewportSize({ width: 320, height: 740 });
    await open(query, view);
    assert.deepEqual(await settledOverflow(page), [], `${query} at 320 px`);
    await page.setViewportSize({ width: 360, height: 740 });
    assert.deepEqual(await settledOverflow(page), [], `${query} at 360 px`);
    await page.setViewportSize({ width: 1280, height: 900 });
    assert.deepEqual(await axeViolationsLightAndDark(page, null, query), []);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  assert.deepEqual(site.consoleErrors, []);
  assert.deepEqual(site.foreignRequests, []);
});
