// npm test: set up, build, then run every layer (the sources' style, the JS types, Catch2 via ctest,
// node:test on the wasm module, Chromium end to end). Every layer runs even if an earlier one fails; the
// exit code is non-zero if any failed.
import { spawnSync } from 'node:child_process';

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status === 0;

for (const [command, args] of [
  ['node', ['scripts/setup.mjs']],
  ['node', ['scripts/build.mjs', 'all']],
  ['node', ['scripts/build.mjs', 'single']],
  ['node', ['scripts/build.mjs', 'native']],
]) {
  if (!run(command, args)) process.exit(1);
}

const layers = [
  ['style (npm run format fixes it)', 'node', ['scripts/format.mjs', '--check']],
  ['types (tsc over web/, jsconfig.json)', 'node_modules/.bin/tsc', ['--noEmit', '-p', 'jsconfig.json']],
  ['C++ (Catch2 via ctest)', 'ctest', ['--test-dir', 'build/native', '--output-on-failure']],
  ['wasm module (node:test)', 'node', ['--test', 'tests/js/']],
  ['browser (Chromium)', 'node', ['--test', '--test-concurrency=1', 'tests/browser/']],
];
const failed = layers.filter(([name, command, args]) => {
  console.log(`\n== ${name} ==`);
  return !run(command, args);
});
if (failed.length > 0) {
  console.error(`\nFailed layers: ${failed.map(([name]) => name).join(', ')}`);
  process.exit(1);
}
