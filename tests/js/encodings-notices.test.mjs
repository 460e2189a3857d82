// The encodings explorer's "what to notice" for each scheme, against closed forms and the engine's
// own tables for the settings shown (d, base, range n, p).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { loadForTests } from './load.mjs';

const { encodingsNotice, noticeBasis } = await import(new URL('../../dist/views/encodings-notices.js', import.meta.url));

let engine;
before(async () => {
  engine = await loadForTests();
});

const grouped = (n) => n.toLocaleString('en-US');
const notice = (state) => encodingsNotice(state, noticeBasis(engine, state));

test('sinusoidal and [sin | cos]: pairs turning within the range, the slowest wavelength, its share of a turn, pairs not yet round at p', () => {
  for (const [d, base, n, p] of [
    [64, 10000, 1024, 500],
    [512, 10000, 2048, 2047],
    [32, 100, 256, 20],
    [128, 500000, 8192, 8000],
  ]) {
    // Pair i has wavelength 2π base^(2i/d); positions 0..n-1 sweep (n-1)/wavelength of its turn.
    const wavelengths = Array.from({ length: d / 2 }, (_, i) => 2 * Math.PI * base ** ((2 * i) / d));
    const slowest = Math.max(...wavelengths);
    const turned = wavelengths.filter((length) => length <= n - 1).length;
    for (const scheme of ['sinusoidal', 'concat']) {
      const text = notice({ scheme, d, base, n, p });
      assert.ok(text.startsWith(`${turned} of ${d / 2} pairs`), text);
      assert.ok(text.includes(`within the ${grouped(n)} positions shown`), text);
      assert.ok(text.includes(`the other ${d / 2 - turned} turn less than once`), text);
      assert.ok(text.includes(`wavelength is ${grouped(Math.round(slowest))} positions`), text);
      const share = (n - 1) / slowest;
      const shown = share >= 0.095 ? `${Math.round(share * 100)}%` : share >= 0.001 ? `${(share * 100).toFixed(1)}%` : 'less than 0.1%';
      assert.ok(text.includes(`it covers ${shown} of a circle`), `${shown}: ${text}`);
      const notYet = wavelengths.filter((length) => length > p).length;
      assert.ok(text.includes(`At p = ${grouped(p)}, ${notYet} pair${notYet === 1 ? ' has' : 's have'} not yet come round once`), text);
    }
  }
});

test('RoPE: the same pairs with head dimension d, and only angle differences reach a score', () => {
  const text = notice({ scheme: 'rope', d: 64, base: 10000, n: 2048, p: 100 });
  const wavelengths = Array.from({ length: 32 }, (_, i) => 2 * Math.PI * 10000 ** ((2 * i) / 64));
  assert.ok(text.startsWith(`RoPE turns pair i of a vector at position p by p·θᵢ. ${wavelengths.filter((length) => length <= 2047).length} of 32 pairs`), text);
  assert.match(text, /only the difference of their angles reaches attention/);
});

test("learned: a fresh table's spread is the init's 0.02, rows unrelated to their neighbours; no row past n", () => {
  const table = engine.learnedTable({ maxLength: 1024, dModel: 64, seed: 1 });
  const text = encodingsNotice({ scheme: 'learned', d: 64, base: 10000, n: 1024, p: 5000 }, noticeBasis(engine, { scheme: 'learned', d: 64, n: 1024 }, table));
  const [, std, next, far] = /standard deviation of ([\d.]+).*next row \(mean cosine (−?[\d.]+)\).*further on \((−?[\d.]+)\)/
    .exec(text)
    .map((v) => Number(String(v).replace('−', '-')));
  // 65,536 draws of N(0, 0.02²): the sample deviation is within 1% of 0.02 (about 3.6 standard errors).
  assert.ok(Math.abs(std - 0.02) <= 0.0002, `std ${std}`);
  // Independent rows in 64 dimensions: each cosine has spread 1/8, the mean of 1,023 of them 0.004.
  assert.ok(Math.abs(next) <= 0.02 && Math.abs(far) <= 0.03, `${next}, ${far}`);
  assert.match(text, /There is no row 5,000: the table has rows 0 to 1,023\.$/);
  assert.match(
    encodingsNotice({ scheme: 'learned', d: 64, base: 10000, n: 1024, p: 10 }, noticeBasis(engine, { scheme: 'learned', d: 64, n: 1024 }, table)),
    /Row 10 exists\.$/,
  );
});

test('NoPE: the engine returns zeros, and the notice says so from them', () => {
  assert.match(
    notice({ scheme: 'nope', d: 64, base: 10000, n: 256, p: 0 }),
    /^NoPE adds nothing: the largest of the 16,384 entries the engine returned has magnitude 0\./,
  );
  const fake = { data: Float64Array.of(0, 0.5, -2) };
  assert.match(
    encodingsNotice({ scheme: 'nope', d: 1, n: 3, p: 0 }, noticeBasis(engine, { scheme: 'nope', d: 1, n: 3 }, fake)),
    /has magnitude 2\./,
    'read from the table, not assumed',
  );
});

test('the trained learned table: its spread and row cosines against the table at the start, computed here from the shipped model', async () => {
  const root = new URL('../../', import.meta.url);
  const { decodeShipped } = await import(new URL('dist/views/trained-models.js', root));
  const shipped = decodeShipped(
    JSON.parse(await readFile(new URL('web/data/trained-models.json', root), 'utf8')),
    new Uint8Array(await readFile(new URL('web/data/trained-models.bin', root))),
  );
  const model = shipped.models.get('learned');
  const { id } = engine.trainerCreate({ preset: shipped.preset, scheme: 'learned', task: model.task, seed: shipped.seed });
  const fresh = engine.trainerParameters({ id });
  engine.trainerDispose({ id });
  const { offset, rows, cols } = fresh.groups.find((group) => group.name === 'positionTable');
  const table = (parameters) => ({ rows, cols, data: Float64Array.from(parameters.subarray(offset, offset + rows * cols)) });
  const std = ({ data }) => {
    const mean = data.reduce((a, b) => a + b) / data.length;
    return Math.sqrt(data.reduce((a, b) => a + (b - mean) ** 2, 0) / data.length);
  };
  const meanCosine = ({ data }, gap) => {
    let total = 0;
    for (let r = 0; r + gap < rows; r++) {
      const a = data.subarray(r * cols, (r + 1) * cols),
        b = data.subarray((r + gap) * cols, (r + gap + 1) * cols);
      const dot = (x, y) => x.reduce((sum, v, j) => sum + v * y[j], 0);
      total += dot(a, b) / Math.sqrt(dot(a, a) * dot(b, b));
    }
    return total / (rows - gap);
  };
  const trained = table(model.parameters),
    start = table(fresh.parameters);
  const state = { scheme: 'learned', d: 64, base: 10000, n: 1024, p: 5000, table: 'trained' };
  const text = encodingsNotice(state, noticeBasis(engine, state, trained, start));
  const three = (v) => v.toFixed(3).replace('-', '−');
  assert.ok(
    text.startsWith(
      `Training moved this table: the standard deviation of its ${grouped(rows * cols)} entries went from ${std(start).toFixed(4)} at the start to ${std(trained).toFixed(4)}.`,
    ),
    text,
  );
  assert.ok(text.includes(`next row went from ${three(meanCosine(start, 1))} to ${three(meanCosine(trained, 1))}`), text);
  assert.ok(
    text.includes(`the row ${grouped(rows / 2)} further on from ${three(meanCosine(start, rows / 2))} to ${three(meanCosine(trained, rows / 2))}`),
    text,
  );
  assert.ok(text.endsWith(`There is no row 5,000: the table has rows 0 to ${grouped(rows - 1)}.`), text);
  assert.ok(encodingsNotice({ ...state, p: 10 }, noticeBasis(engine, state, trained, start)).endsWith('Row 10 exists.'));
});
