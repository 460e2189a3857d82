// The JavaScript half of npm run fuzz: the property tests of tests/js/properties.test.mjs (deck
// validator, progress loader and importer, URL-settings reader, the engine's JS API under hostile
// arguments), each run FUZZ_PROPERTY_RUNS times (default 20,000) from a fresh seed, printed so a
// failure can be replayed: PROPERTY_SEED=<seed> PROPERTY_RUNS=<runs> node --test tests/js/properties.test.mjs
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.FUZZ_PROPERTY_RUNS ?? 20_000);
const seed = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);
if (!(Number.isInteger(runs) && runs > 0)) {
  console.error(`fuzz-js: FUZZ_PROPERTY_RUNS must be a positive integer; got ${process.env.FUZZ_PROPERTY_RUNS}`);
  process.exit(2);
}
const run = (command, args, env = process.env) => spawnSync(command, args, { stdio: 'inherit', cwd: root, env }).status === 0;

if (!run('node', ['scripts/build.mjs', 'all'])) process.exit(1); // the properties import dist/
console.log(`fuzz-js: ${runs.toLocaleString('en-US')} runs per property, seed ${seed}`);
const started = Date.now();
const passed = run('node', ['--test', 'tests/js/properties.test.mjs'], { ...process.env, PROPERTY_RUNS: String(runs), PROPERTY_SEED: String(seed) });
console.log(
  `fuzz-js: ${passed ? 'ok' : 'FOUND'} in ${((Date.now() - started) / 1000).toFixed(0)} s`
    + (passed ? '' : `; replay: PROPERTY_SEED=${seed} PROPERTY_RUNS=${runs} node --test tests/js/properties.test.mjs`),
);
process.exit(passed ? 0 : 1);
