// npm run score:shipped: scores the shipped models (web/data/trained-models.json and .bin) with the
// engine in dist/, exactly as the page's trainer worker scores them, into
// web/data/trained-model-scores.json, which the model view shows instead of scoring them again.
// npm run train:shipped runs it after training; tests/js/shipped-scores.test.mjs checks the file is
// what it writes now. About ten seconds.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { decodeShipped } from '../web/views/trained-models.js';
import { encodeScores } from '../web/views/shipped-scores.js';
import { scoreModel } from '../web/worker-training.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const scoresFile = path.join(root, 'web/data/trained-model-scores.json');

/** The scores file's contents for the shipped models, computed now by `posenc`. */
export async function scoreShipped(posenc) {
  const read = (file) => readFileSync(path.join(root, 'web/data', file));
  const shipped = decodeShipped(JSON.parse(read('trained-models.json').toString('utf8')), new Uint8Array(read('trained-models.bin')));
  const preset = posenc.training.presets.find((entry) => entry.name === shipped.preset);
  if (!preset) throw new Error(`score-shipped: the engine has no preset ${shipped.preset}`);
  const results = [];
  for (const { scheme, task, parameters } of shipped.models.values()) {
    await scoreModel({
      scheme,
      preset,
      overflows: posenc.training.overflows,
      evaluate: (options) => posenc.modelEvaluate({ scheme, task, parameters, ...options }),
      onScored: (overflow, scores) => results.push({ scheme, task, overflow, steps: shipped.steps, ...scores }),
    });
  }
  return encodeScores({ preset: shipped.preset, steps: shipped.steps, fnv1a64: shipped.hashes, results });
}

/** The file as written: one result per line, so a change shows as a readable diff. */
export const scoresText = (scores) =>
  `${JSON.stringify({ ...scores, results: [] }, null, 2).replace(/"results": \[\]/, `"results": [\n${scores.results.map((result) => `    ${JSON.stringify(result)}`).join(',\n')}\n  ]`)}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { loadPosenc } = await import(path.join(root, 'dist/posenc.js'));
  const posenc = await loadPosenc({ wasmBinary: readFileSync(path.join(root, 'dist/posenc.wasm')) });
  writeFileSync(scoresFile, scoresText(await scoreShipped(posenc)));
  console.log(`score-shipped: wrote ${path.relative(root, scoresFile)}`);
}
