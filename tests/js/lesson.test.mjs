// The lesson's numbers and sentences against the engine and closed forms: each step's "what to
// notice" carries the numbers the engine gives for the settings on screen (and changes with them),
// each prediction's answer is the engine's, the content is well formed, and stored progress is
// read as untrusted input.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { loadForTests } from './load.mjs';

const dist = new URL('../../dist/', import.meta.url);
const { readings, TRAINED } = await import(new URL('lesson/readings.js', dist));
const { STEPS, stepSettings } = await import(new URL('lesson/steps.js', dist));
const { LESSON_STEPS } = await import(new URL('lesson/outline.js', dist));
const { LESSON_KEY, loadLesson, readLessonData, saveLesson } = await import(new URL('lesson/lesson-store.js', dist));
const { BACKUPS_KEY } = await import(new URL('quiz/progress-store.js', dist));
const { markupProblems } = await import(new URL('quiz/markup.js', dist));
const { decodeShipped } = await import(new URL('views/trained-models.js', dist));
const root = new URL('../../', import.meta.url);
const shippedModels = async () =>
  decodeShipped(
    JSON.parse(await readFile(new URL('web/data/trained-models.json', root), 'utf8')),
    new Uint8Array(await readFile(new URL('web/data/trained-models.bin', root))),
  );

let engine;
before(async () => {
  engine = await loadForTests();
});

const grouped = (n) => n.toLocaleString('en-US');
const reading5000 = (trained, scheme, p) => readings['position-5000'].notice(readings['position-5000'].measure(engine, { p, scheme }, trained), { p, scheme });
const reading = (id, settings) => {
  const m = readings[id].measure(engine, settings);
  return { m, text: readings[id].notice(m, settings) };
};

describe("each step's notice carries the engine's numbers for its settings", () => {
  test('why position: NoPE gives one weight per token, a position signal one per key', () => {
    for (const p of [64, 200, 1500]) {
      const { weights } = engine.attention({ scheme: 'nope', queryPosition: p, dModel: 32 });
      const distinct = new Set(weights).size;
      assert.ok(distinct <= 64, 'at most one weight per token of the 64-token vocabulary');
      const { m, text } = reading('why-position', { p, scheme: 'nope' });
      assert.match(text, new RegExp(`^Under NoPE the ${grouped(p + 1)} keys get only ${distinct} different weights`));
      assert.ok(m.group.length >= 2 && m.group.every((key) => weights[key] === weights[m.group[0]]), 'the keys named share one weight exactly');
      const sinusoidal = engine.attention({ scheme: 'sinusoidal', queryPosition: p, dModel: 32 }).weights;
      assert.match(reading('why-position', { p, scheme: 'sinusoidal' }).text, new RegExp(`keys get ${grouped(new Set(sinusoidal).size)} different weights`));
    }
  });

  test('sinusoidal clocks: pairs turning inside the range, the slowest wavelength, pairs not yet round at p (closed form)', () => {
    for (const [d, n, p] of [
      [64, 1024, 500],
      [128, 8192, 3000],
      [16, 256, 10],
    ]) {
      const wavelengths = Array.from({ length: d / 2 }, (_, i) => 2 * Math.PI * 10000 ** ((2 * i) / d));
      const turned = wavelengths.filter((length) => length <= n - 1).length; // positions 0..n-1 sweep (n-1)ω
      const text = reading('sinusoidal-clocks', { d, n, p }).text;
      assert.match(text, new RegExp(`^${turned} of ${d / 2} pairs complete a full turn within the ${grouped(n)} positions shown`));
      assert.ok(text.includes(`slowest pair's wavelength is ${grouped(Math.round(Math.max(...wavelengths)))} positions`), text);
      const notYet = wavelengths.filter((length) => length > p).length;
      assert.ok(text.includes(`At p = ${grouped(p)}, ${notYet} pair`), text);
    }
  });

  test('offsets: PE(p)·PE(p+δ) and the RoPE score are the same curve from any start (to 1e-9), d/2 at δ = 0', () => {
    for (const p of [0, 3000, 8000]) {
      const sinusoidal = reading('sinusoidal-offsets', { p });
      assert.ok(sinusoidal.m.gap <= 1e-9, `gap ${sinusoidal.m.gap}`);
      assert.ok(sinusoidal.text.includes('It is 32.0 at δ = 0'), sinusoidal.text);
      const cosines = (delta) => Array.from({ length: 32 }, (_, i) => Math.cos(delta * 10000 ** (-(2 * i) / 64))).reduce((a, b) => a + b, 0);
      assert.ok(sinusoidal.text.includes(`${cosines(1).toFixed(2)} at δ = 1`), sinusoidal.text);
      const rope = reading('rope-rotation', { p });
      assert.ok(rope.m.gap <= 1e-9, `gap ${rope.m.gap}`);
      const score = engine.offsetSimilarity({ p, maxOffset: 512, dModel: 64 }).ropeScore;
      assert.ok(
        rope.text.includes(
          `runs from ${Math.min(...score)
            .toFixed(2)
            .replace('-', '−')} to ${Math.max(...score)
            .toFixed(2)
            .replace('-', '−')}`,
        ),
        rope.text,
      );
    }
  });

  test('learned table: wrap is p mod L, clamp shares the last row, window drops p - L + 1 (closed forms)', () => {
    for (const p of [5000, 9999]) {
      const L = TRAINED.L;
      const text = reading('learned-table', { p, overflow: 'wrap' }).text;
      assert.ok(text.includes(`wrap sends ${grouped(p)} to row ${grouped(p % L)}`), text);
      assert.ok(text.includes(`clamp gives ${grouped(p - L + 2)} positions the last row`), text);
      assert.ok(text.includes(`window drops the first ${grouped(p - L + 1)} tokens`), text);
      assert.ok(text.includes(`neighbours ${((L - 1) / p).toFixed(3)} rows apart`), text);
    }
    assert.match(reading('learned-table', { p: 1000, overflow: 'clamp' }).text, /^Row 1,000 exists/);
  });

  test('ALiBi: biases −m·p with the official slopes, heads reaching p (weight ≥ 1e-6: reach = ln 10⁶ / m)', () => {
    for (const [p, heads] of [
      [1000, 8],
      [5000, 8],
      [200, 4],
    ]) {
      const slopes = Array.from({ length: heads }, (_, k) => 2 ** ((-8 * (k + 1)) / heads));
      const seeing = slopes.filter((m) => Math.log(1e6) / m >= p).length;
      const text = reading('alibi-penalty', { p, heads }).text;
      const decimal = (v) => v.toLocaleString('en-US', { maximumFractionDigits: 1 }).replace('-', '−');
      assert.ok(text.includes(`adds ${decimal(-slopes[0] * p)} to the logit and the mildest ${decimal(-slopes.at(-1) * p)}`), text);
      assert.ok(seeing === 0 ? text.includes(`None of the ${heads} heads`) : text.includes(`${seeing} of ${heads} heads`), `${seeing} heads: ${text}`);
    }
  });

  test('T5: distances 0-7 exact, 91 on in the last bucket (the engine, as HF buckets them)', () => {
    const text = reading('t5-and-nope', { p: 300 }).text;
    const buckets = engine.t5Bucket({ relativePositions: [-7, -8, -90, -91, -5000] });
    assert.deepEqual([...buckets], [7, 8, 14, 15, 15]);
    assert.match(text, /^Distances 0 to 7 each have a bucket of their own; from 91 on, every distance, 5,000 included, shares bucket 15/);
    assert.match(reading('t5-and-nope', { p: 20 }).text, /Distance 20 is in bucket 10, with every distance from 16:/);
  });

  test("position 5,000: 95 of 256 sinusoidal pairs never turn below 2,048; the engine's count outside and nearest encoding", () => {
    const { text } = reading('position-5000', { p: 5000, scheme: 'sinusoidal' });
    const result = engine.beyondTrained({ scheme: 'sinusoidal', p: 5000, trainedLength: 2048, dModel: 512 });
    assert.match(text, /95 of 256 pairs never completed a turn below 2,048/);
    assert.ok(
      text.includes(`${result.outOfRangeCount} of 256 pairs sit at angles`)
        && text.includes(`PE(${grouped(result.nearest.position)}), cosine ${result.nearest.cosine.toFixed(3)}`),
      text,
    );
    assert.match(
      reading('position-5000', { p: 5000, scheme: 'rope' }).text,
      /11 of 32 pairs never completed a turn below 2,048. At distance 5,000, 9 of 32 pairs rotate past/,
    );
    assert.match(reading('position-5000', { p: 1000, scheme: 'sinusoidal' }).text, /none of the 256 pairs sit at angles/);
  });

  test("position 5,000: the shipped model of the scheme, asked at p, says what the engine's modelProbe says", async () => {
    const shipped = await shippedModels();
    const preset = engine.training.presets.find((entry) => entry.name === shipped.preset);
    for (const scheme of ['sinusoidal', 'rope']) {
      const model = shipped.models.get(scheme);
      for (const p of [1000, 5000]) {
        const probe = engine.modelProbe({
          preset: shipped.preset,
          scheme,
          task: model.task,
          parameters: model.parameters,
          queryPosition: p,
          overflow: 'clamp',
        });
        const m = readings['position-5000'].measure(engine, { p, scheme }, shipped);
        const text = readings['position-5000'].notice(m, { p, scheme });
        assert.equal(m.asked.probe.prediction, probe.prediction);
        const mean = Array.from(
          { length: probe.keys },
          (_, k) => Array.from({ length: probe.heads }, (_, h) => probe.weights[h * probe.keys + k]).reduce((a, b) => a + b) / probe.heads,
        );
        const peak = mean.indexOf(Math.max(...mean));
        assert.ok(
          text.includes(
            `The toy model trained to L = ${grouped(preset.trainer.trainedLength)} with this scheme, asked here: At ${grouped(p)} it attends most to key ${grouped(peak)}`,
          ),
          text,
        );
        assert.ok(
          text.includes(probe.correct ? `answers right (token ${probe.answer})` : `answers wrong (token ${probe.prediction}; the answer is ${probe.answer})`),
          text,
        );
        assert.ok(text.endsWith(`with ${probe.confidence.toFixed(2)} confidence.`), text);
      }
      // Inside L the shipped model finds the answer; at 5,000 it does not, and stays sure of itself.
      assert.match(reading5000(shipped, scheme, 1000), /answers right/);
      assert.match(reading5000(shipped, scheme, 5000), /answers wrong .* with (0\.9\d|1\.00) confidence\.$/);
    }
    assert.match(reading5000(shipped, 'sinusoidal', 2), /Nothing sits 3 back of position 2 yet/);
  });

  test('stretching RoPE: the shipped RoPE model asked with each scaling at 5,000, as modelProbe answers; PI loses the offset', async () => {
    const shipped = await shippedModels();
    const model = shipped.models.get('rope');
    const answers = {};
    for (const scaling of ['none', 'pi', 'ntk', 'yarn']) {
      const probe = engine.modelProbe({
        preset: shipped.preset,
        scheme: 'rope',
        task: model.task,
        parameters: model.parameters,
        queryPosition: 5000,
        overflow: 'clamp',
        scaling: scaling === 'none' ? { kind: 'none' } : { kind: scaling, factor: 5000 / 2047, trainedLength: 2048 },
      });
      const m = readings['stretching-rope'].measure(engine, { p: 5000, scaling }, shipped);
      const text = readings['stretching-rope'].notice(m, { p: 5000, scaling });
      assert.ok(
        text.includes(
          probe.correct
            ? `answers right (token ${probe.answer}) with ${probe.confidence.toFixed(2)} confidence.`
            : `answers wrong (token ${probe.prediction}; the answer is ${probe.answer}) with ${probe.confidence.toFixed(2)} confidence.`,
        ),
        `${scaling}: ${text}`,
      );
      answers[scaling] = probe.correct;
      if (scaling === 'pi') assert.match(text, /Why: PI divides every pair's angle by s/);
    }
    assert.deepEqual(answers, { none: false, pi: false, ntk: true, yarn: true });
    // Inside L no scaling stretches anything, so none is given as the reason.
    assert.doesNotMatch(
      readings['stretching-rope'].notice(readings['stretching-rope'].measure(engine, { p: 1000, scaling: 'ntk' }, shipped), { p: 1000, scaling: 'ntk' }),
      /Why:/,
    );
  });

  test("stretching RoPE: counts per scaling from the engine; YaRN's factor is 0.1 ln s + 1", () => {
    const { text } = reading('stretching-rope', { p: 5000, scaling: 'none' });
    const s = 5000 / 2047;
    assert.ok(text.includes(`(s = ${s.toFixed(2)})`), text);
    assert.ok(text.includes(`multiplies q and k by ${(0.1 * Math.log(s) + 1).toFixed(3)}`), text);
    const count = (kind) =>
      engine.beyondTrained({
        scheme: 'rope',
        p: 5000,
        trainedLength: 2048,
        headDim: 64,
        scaling: kind === 'none' ? { kind } : { kind, factor: s, trainedLength: 2048 },
      }).outOfRangeCount;
    assert.ok(
      text.includes(`with no scaling ${count('none')} of 32 pairs`) && text.includes(`PI ${count('pi')}, NTK-aware ${count('ntk')}, YaRN ${count('yarn')}`),
      text,
    );
  });

  test("fluent but wrong: the notice is the run's own numbers and finding", () => {
    const result = {
      scheme: 'sinusoidal',
      overflow: null,
      trainedLength: 32,
      inDistribution: { count: 90, accuracy: 0.99, confidence: 0.98 },
      beyond: { count: 400, accuracy: 0.16, confidence: 0.63 },
      buckets: { start: Int32Array.of(0), accuracy: [1], confidence: [1] },
    };
    const text = readings['fluent-but-wrong'].notice(readings['fluent-but-wrong'].measure(result));
    assert.equal(
      text,
      'Inside L = 32 the model is right 99% of the time. Fluent but wrong past L: it stays confident (mean probability 0.63) while accuracy falls to 0.16.',
    );
    assert.deepEqual(readings['fluent-but-wrong'].answer(result).value, 16);
  });

  test('a notice changes when the numbers on screen change', () => {
    const settings = [
      ['why-position', { p: 200, scheme: 'nope' }, { p: 900, scheme: 'nope' }],
      ['sinusoidal-clocks', { d: 64, n: 1024, p: 500 }, { d: 64, n: 4096, p: 500 }],
      ['learned-table', { p: 5000, overflow: 'wrap' }, { p: 6000, overflow: 'wrap' }],
      ['alibi-penalty', { p: 1000, heads: 8 }, { p: 100, heads: 8 }],
      ['t5-and-nope', { p: 300 }, { p: 5 }],
      ['position-5000', { p: 5000, scheme: 'sinusoidal' }, { p: 3000, scheme: 'sinusoidal' }],
      ['stretching-rope', { p: 5000, scaling: 'none' }, { p: 9000, scaling: 'none' }],
      ['sinusoidal-offsets', { p: 3000 }, { p: 10 }],
      ['rope-rotation', { p: 3000 }, { p: 10 }],
    ];
    for (const [id, a, b] of settings) assert.notEqual(reading(id, a).text, reading(id, b).text, id);
  });
});

describe("each prediction's answer is the engine's", () => {
  test('answers to the numeric and choice questions', () => {
    const answers = Object.fromEntries(STEPS.filter((step) => step.id !== 'fluent-but-wrong').map((step) => [step.id, readings[step.id].answer(engine).value]));
    const nope = new Set(engine.attention({ scheme: 'nope', queryPosition: 200, dModel: 32 }).weights).size;
    assert.deepEqual(answers, {
      'why-position': nope,
      'sinusoidal-clocks': 18,
      'sinusoidal-offsets': 'same',
      'learned-table': 5000 % 2048,
      'rope-rotation': 'equal',
      'alibi-penalty': 2,
      't5-and-nope': 91,
      'position-5000': 95,
      'stretching-rope': 'pi-yarn',
    });
    for (const step of STEPS.filter((entry) => entry.prediction.kind === 'choice')) {
      if (step.id in answers) assert.ok(step.prediction.choices.includes(answers[step.id]), `${step.id}: the answer is one of the choices`);
    }
  });
});

describe("the lesson's content", () => {
  test('10 steps, each with text, a question matching its prediction, an instrument and cards that exist', () => {
    assert.equal(STEPS.length, 10);
    const cardIds = new Set(
      ['core', 'foundations', 'rotary-and-beyond', 'computed'].flatMap((deck) =>
        JSON.parse(readFileSync(new URL(`../../web/decks/${deck}.json`, import.meta.url), 'utf8')).cards.map((card) => card.id),
      ),
    );
    for (const step of STEPS) {
      assert.ok(step.paragraphs.length >= 2 && step.paragraphs.length <= 4, step.id);
      for (const text of [...step.paragraphs, step.question.text]) assert.deepEqual(markupProblems(text), [], `${step.id}: ${text.slice(0, 40)}`);
      if (step.prediction.kind === 'choice')
        assert.deepEqual(
          step.question.choices.map((choice) => choice.id),
          step.prediction.choices,
          step.id,
        );
      assert.ok(step.cards.length >= 1 && step.cards.length <= 2 && step.cards.every((id) => cardIds.has(id)), step.id);
      assert.ok(step.id in readings, step.id);
      for (const name of Object.keys(step.instrument.defaults))
        assert.ok(
          [...(step.instrument.positions ?? []), ...(step.instrument.choices ?? [])].some((control) => control.name === name),
          `${step.id}: ${name} has a control`,
        );
    }
    assert.deepEqual(
      STEPS.map((step) => step.id),
      LESSON_STEPS.map((step) => step.id),
    );
  });

  test("settings from a URL: a value in range is taken, anything else falls back to the step's default", () => {
    const step = STEPS.find((entry) => entry.id === 'learned-table');
    assert.deepEqual(stepSettings(step, { p: 9000, overflow: 'clamp' }, engine.names), { p: 9000, overflow: 'clamp' });
    assert.deepEqual(stepSettings(step, { p: 70000, overflow: 'sideways', scheme: 'rope' }, engine.names), { p: 5000, overflow: 'wrap' });
    assert.deepEqual(
      stepSettings(step, { overflow: 'sideways' }),
      { p: 5000, overflow: 'sideways' },
      "before the engine's names are at hand, a name is kept for the instrument to check",
    );
    const heatmap = STEPS.find((entry) => entry.id === 'sinusoidal-clocks');
    assert.deepEqual(stepSettings(heatmap, { n: 256, p: 4000 }), { d: 64, n: 256, p: 255 }, 'p stays inside the range shown');
  });
});

describe('stored lesson progress is read to the leaf', () => {
  const memory = (entries = {}) => {
    const items = new Map(Object.entries(entries));
    return {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => {
        items.set(key, String(value));
      },
      removeItem: (key) => {
        items.delete(key);
      },
      items,
    };
  };
  const at = '2026-03-01T09:00:00.000Z';

  test('valid progress is kept as it is', () => {
    const data = { version: 1, step: 'learned-table', predictions: { 'why-position': { value: 40, at }, 'stretching-rope': { value: 'pi', at } } };
    const { lesson, setAside } = readLessonData(data);
    assert.deepEqual(setAside, []);
    assert.deepEqual({ ...lesson, predictions: { ...lesson.predictions } }, data);
    assert.equal(Object.getPrototypeOf(lesson.predictions), null);
  });

  test('each bad entry is set aside with its path; the rest is kept', () => {
    const data = JSON.parse(`{ "version": 1, "step": "no-such-step", "extra": 1, "predictions": {
      "why-position": { "value": 500, "at": "${at}" }, "learned-table": { "value": 904, "at": "yesterday" },
      "stretching-rope": { "value": "maybe", "at": "${at}" }, "alibi-penalty": { "value": 2, "at": "${at}", "note": "x" },
      "__proto__": { "value": 1, "at": "${at}" }, "t5-and-nope": null, "rope-rotation": { "value": "equal", "at": "${at}" } } }`);
    const { lesson, setAside } = readLessonData(data);
    assert.deepEqual(Object.keys(lesson.predictions), ['rope-rotation']);
    assert.equal(lesson.step, null);
    const paths = setAside.map(({ path }) => path);
    assert.deepEqual(
      paths.sort(),
      [
        'lesson.extra',
        'lesson.predictions["__proto__"]',
        'lesson.predictions["alibi-penalty"]',
        'lesson.predictions["learned-table"].at',
        'lesson.predictions["stretching-rope"].value',
        'lesson.predictions["t5-and-nope"]',
        'lesson.predictions["why-position"].value',
        'lesson.step',
      ].sort(),
    );
    assert.match(setAside.find(({ path }) => path.endsWith('"why-position"].value')).problem, /must be a number from 1 to 201; got 500/);
    assert.match(setAside.find(({ path }) => path.endsWith('"stretching-rope"].value')).problem, /must be one of none, pi, pi-yarn, all; got "maybe"/);
  });

  test('what cannot be read goes, as stored, into the backups; the lesson starts with the rest', () => {
    const text = JSON.stringify({ version: 1, step: 'why-position', predictions: { 'why-position': { value: 'lots', at } } });
    const storage = memory({ [LESSON_KEY]: text });
    const { lesson, notice, readOnly } = loadLesson(storage);
    assert.equal(readOnly, false);
    assert.equal(lesson.step, 'why-position');
    assert.deepEqual(Object.keys(lesson.predictions), []);
    assert.match(notice, /lesson\.predictions\["why-position"\]\.value must be a number from 1 to 201; got "lots"/);
    assert.equal(JSON.parse(storage.getItem(BACKUPS_KEY))[0].text, text, 'the original, byte for byte');
    assert.deepEqual(readLessonData(JSON.parse(storage.getItem(LESSON_KEY))).setAside, [], 'the repaired copy is saved');
    for (const broken of ['{', '[]', 'null', '{"version": 2}']) {
      const again = loadLesson(memory({ [LESSON_KEY]: broken }));
      assert.equal(again.lesson.step, null, broken);
      assert.match(again.notice, /could not be read/, broken);
    }
  });

  test('with no room for the backup, the stored text is left alone and nothing is saved over it', () => {
    const text = '{"version":1,"step":"why-position","predictions":7}';
    const storage = memory({ [LESSON_KEY]: text });
    storage.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    const { notice, readOnly } = loadLesson(storage);
    assert.equal(readOnly, true);
    assert.match(notice, /no room to keep the original as a backup/);
    assert.equal(storage.getItem(LESSON_KEY), text);
  });

  test('saved progress reads back the same', () => {
    const storage = memory();
    const lesson = readLessonData({ version: 1, step: 'alibi-penalty', predictions: { 'alibi-penalty': { value: 3, at } } }).lesson;
    saveLesson(storage, lesson);
    assert.deepEqual(loadLesson(storage), { lesson, notice: null, readOnly: false });
  });
});
