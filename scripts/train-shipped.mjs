// npm run train:shipped: trains the models the page ships (the position view's attention rows)
// natively, from the seed in cpp/tools/train_shipped.cpp, into web/data/trained-models.{json,bin}.
//   --check [--only scheme,...]  trains into a temporary folder instead and compares with what
//                                web/data holds, byte for byte (every model, or the ones named)
// A few minutes: each model trains for the positionModels preset's steps.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const data = path.join(root, 'web/data');
const tool = path.join(root, 'build/native/posenc_train_shipped');

const args = process.argv.slice(2);
const check = args.includes('--check');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;
if (onlyAt >= 0 && !only) throw new Error('train-shipped: --only needs a list of schemes, e.g. --only nope,t5');
if (only && !check) throw new Error('train-shipped: --only goes with --check (web/data holds every model)');

execFileSync('node', [path.join(root, 'scripts/build.mjs'), 'native'], { stdio: 'inherit' });
execFileSync('cmake', ['--build', path.join(root, 'build/native'), '--parallel', '2', '--target', 'posenc_train_shipped'], { stdio: 'inherit' });

const started = Date.now();
const folder = check ? mkdtempSync(path.join(tmpdir(), 'posenc-shipped-')) : data;
try {
  execFileSync(tool, [folder, ...(only ? ['--only', only] : [])], { stdio: 'inherit' });
  console.log(`train-shipped: trained in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (check) compare(folder);
  else {
    console.log(`train-shipped: wrote ${path.relative(root, data)}/trained-models.json and trained-models.bin`);
    // The model view shows the shipped models' scores from a file: score the new models into it.
    execFileSync('node', [path.join(root, 'scripts/build.mjs'), 'all'], { stdio: 'inherit' });
    execFileSync('node', [path.join(root, 'scripts/score-shipped.mjs')], { stdio: 'inherit' });
  }
} finally {
  if (check) rmSync(folder, { recursive: true, force: true });
}

/** Each model trained now against the shipped one: manifest entries and parameter bytes. */
function compare(fresh) {
  const read = (folderPath) => ({
    manifest: JSON.parse(readFileSync(path.join(folderPath, 'trained-models.json'), 'utf8')),
    bytes: readFileSync(path.join(folderPath, 'trained-models.bin')),
  });
  const now = read(fresh);
  const shipped = read(data);
  const differences = [];
  for (const model of now.manifest.models) {
    const name = `${model.scheme} on ${model.task}`;
    const old = shipped.manifest.models.find((entry) => entry.scheme === model.scheme && entry.task === model.task);
    if (!old) {
      differences.push(`${name}: not in the shipped manifest`);
      continue;
    }
    for (const key of ['count', 'firstLosses', 'finalLoss', 'insideAccuracy'])
      if (JSON.stringify(model[key]) !== JSON.stringify(old[key]))
        differences.push(`${name}: ${key} ${JSON.stringify(model[key])}, shipped ${JSON.stringify(old[key])}`);
    const slice = (file, entry) => file.bytes.subarray(2 * entry.offset, 2 * (entry.offset + entry.count));
    if (!slice(now, model).equals(slice(shipped, old))) differences.push(`${name}: the parameters differ`);
  }
  if (differences.length > 0) {
    console.error(`train-shipped: the shipped models are not what the script makes now:\n  ${differences.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`train-shipped: ${now.manifest.models.length} model(s) match web/data byte for byte`);
}
