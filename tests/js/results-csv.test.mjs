// The model view's CSV export (web/views/results-csv.js): a header, then one line per task, scheme,
// overflow policy and position bucket, the numbers as the engine gave them, empty where a bucket
// scored no position.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const { resultsCsv } = await import(new URL('../../dist/views/results-csv.js', import.meta.url));

const buckets = (rows) => ({
  start: Int32Array.from(rows, (row) => row[0]),
  end: Int32Array.from(rows, (row) => row[1]),
  count: Int32Array.from(rows, (row) => row[2]),
  accuracy: Float64Array.from(rows, (row) => row[3]),
  confidence: Float64Array.from(rows, (row) => row[4]),
  available: new Uint8Array(rows.length).fill(1),
});

test('one line per bucket of each result, in order, under the header', () => {
  const results = [
    {
      task: 'copyBack',
      scheme: 'learned',
      overflow: 'clamp',
      buckets: buckets([
        [0, 32, 8, 1, 0.98],
        [32, 64, 8, 0.125, 0.9],
      ]),
    },
    { task: 'recallFirst', scheme: 'rope', overflow: null, buckets: buckets([[0, 32, 4, 0.75, 0.5]]) },
  ];
  assert.equal(
    resultsCsv(results),
    [
      'task,scheme,overflow,bucketStart,bucketEnd,count,accuracy,confidence',
      'copyBack,learned,clamp,0,32,8,1,0.98',
      'copyBack,learned,clamp,32,64,8,0.125,0.9',
      'recallFirst,rope,,0,32,4,0.75,0.5',
      '',
    ].join('\n'),
  );
});

test('a bucket no position reached leaves accuracy and confidence empty (the engine gives NaN there)', () => {
  const csv = resultsCsv([{ task: 'copyBack', scheme: 'learned', overflow: 'error', buckets: buckets([[32, 64, 0, Number.NaN, Number.NaN]]) }]);
  assert.equal(csv.split('\n')[1], 'copyBack,learned,error,32,64,0,,');
  assert.equal(resultsCsv([]), 'task,scheme,overflow,bucketStart,bucketEnd,count,accuracy,confidence\n');
});
