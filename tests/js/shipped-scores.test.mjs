// The shipped models' scores that the model view shows (web/data/trained-model-scores.json) are what
// the engine gives those models now, scored as the page's worker scores them, and read back intact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadForTests } from './load.mjs';
import { scoreShipped, scoresFile, scoresText } from '../../scripts/score-shipped.mjs';
import { decodeScores } from '../../web/views/shipped-scores.js';

const engine = await loadForTests();
const written = readFileSync(scoresFile, 'utf8');
const now = await scoreShipped(engine);

test('the scores file holds exactly what the engine gives the shipped models now', () => {
  assert.ok(written === scoresText(now), 'web/data/trained-model-scores.json is stale: run npm run score:shipped');
});

test('it is for the shipped models: their preset, steps and hashes, and a result per scheme and learned policy', () => {
  const manifest = JSON.parse(readFileSync('web/data/trained-models.json', 'utf8'));
  const file = decodeScores(JSON.parse(written));
  assert.equal(file.preset, manifest.preset);
  assert.equal(file.steps, manifest.steps);
  assert.deepEqual(
    file.fnv1a64,
    manifest.models.map((model) => model.fnv1a64),
  );
  const names = file.results.map((result) => (result.overflow ? `${result.scheme}/${result.overflow}` : result.scheme));
  const policies = engine.training.overflows.map((overflow) => `learned/${overflow}`);
  assert.deepEqual(names, [...policies, ...manifest.models.filter((model) => model.scheme !== 'learned').map((model) => model.scheme)]);
});

test("read back, each result is the engine's, typed arrays and empty buckets (NaN) included", () => {
  const file = decodeScores(JSON.parse(written));
  const fresh = decodeScores(JSON.parse(JSON.stringify(now)));
  assert.deepEqual(file.results, fresh.results);
  const learnedUnderError = file.results.find((result) => result.scheme === 'learned' && result.overflow === 'error');
  assert.ok(learnedUnderError.buckets.accuracy instanceof Float64Array);
  assert.ok(Number.isNaN(learnedUnderError.buckets.accuracy.at(-1)), 'no row past L: that bucket has no score');
  for (const result of file.results)
    assert.ok(result.inDistribution.accuracy >= 0.95, `${result.scheme} ${result.overflow}: ${result.inDistribution.accuracy}`);
});

test('a file with an unknown array type is refused, naming the file', () => {
  assert.throws(
    () => decodeScores({ results: [{ buckets: { count: { typed: 'BigInt64Array', values: [] } } }] }),
    /trained-model-scores\.json: an array of type "BigInt64Array"/,
  );
  assert.throws(() => decodeScores({}), /results must be a list/);
});
