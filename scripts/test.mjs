// npm test: set up, build what the layers need (skipping what is up to date), run every layer, and end
// with a table of each layer's time and counts. `node scripts/test.mjs cpp js` runs only those layers
// (style, types, cpp, js, browser, firefox, webkit), building only what they need. The journeys
// (tests/engines/) run in Chromium with the browser layer, and in Firefox and WebKitGTK as layers of
// their own. Every layer runs even if an earlier one fails; the exit code is non-zero if any failed.
// Browser test files run two at a time, each with its own browser, profile and server port
// (POSENC_TEST_JOBS sets how many); a file that must run alone says so in ALONE below. Every command
// has a deadline, and a process it leaves running is a failure of its layer (named, then ended).
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { counts, runPool, runProcess } from './test-processes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const MINUTE = 60_000;
const node = process.execPath;
const jobs = Math.max(1, Number(process.env.POSENC_TEST_JOBS) || Math.min(2, os.availableParallelism()));
// Browser test files that assert how long the page takes (a file beside them would skew it): run alone.
const ALONE = new Set(['worker.test.mjs']);
// A file that has not ended by then is stuck: its process group and its browsers are ended.
const FILE_DEADLINE = 8 * MINUTE;
// node:test's own deadline for each test; the tests' waits have shorter ones of their own.
const TEST_TIMEOUT = String(4 * MINUTE);

/** The builds each layer needs, in the order they run (each skips itself when up to date). */
const builds = {
  style: [],
  types: [],
  cpp: ['native'],
  js: ['all', 'native'], // shipped-models.test.mjs runs the native trainer
  browser: ['all', 'single'],
  firefox: ['all', 'single'],
  webkit: ['all', 'single'],
};

const testFiles = (folder) =>
  readdirSync(folder)
    .filter((file) => file.endsWith('.test.mjs'))
    .sort()
    .map((file) => path.join(folder, file));

// How long each browser file took last time (written after each run): the pool starts the longest first,
// so the last to finish is a short one. Before any run, a file's size stands in for its time.
const TIMINGS = 'test-results/test-timings.json';
const lastTimings = existsSync(TIMINGS) ? JSON.parse(readFileSync(TIMINGS, 'utf8')) : {};
const expectedMs = (file) => lastTimings[path.basename(file)] ?? statSync(file).size;
const longestFirst = (files) => [...files].sort((a, b) => expectedMs(b) - expectedMs(a));

/** The journeys (tests/engines/journeys.mjs) in one engine; Chromium's run with the browser layer. */
const journeysIn = (engine) => [node, '--test', `--test-timeout=${TEST_TIMEOUT}`, `tests/engines/${engine}.test.mjs`];

/** Each layer: what it runs (one command, or a pool of test files). */
const layers = {
  style: { title: 'style (npm run format fixes it)', command: [node, 'scripts/format.mjs', '--check'] },
  types: { title: 'types (tsc over web/, jsconfig.json)', command: ['node_modules/.bin/tsc', '--noEmit', '-p', 'jsconfig.json'] },
  cpp: { title: 'C++ (Catch2 via ctest)', command: ['ctest', '--test-dir', 'build/native', '--output-on-failure', '--timeout', '300'] },
  js: {
    title: 'wasm module (node:test)',
    command: [node, '--test', `--test-concurrency=${jobs}`, `--test-timeout=${TEST_TIMEOUT}`, 'tests/js/'],
  },
  browser: { title: `browser (Chromium, ${jobs} files at a time)`, files: [...testFiles('tests/browser'), 'tests/engines/chromium.test.mjs'] },
  firefox: { title: 'journeys in Firefox ESR', command: journeysIn('firefox') },
  webkit: { title: "journeys in WebKitGTK (Safari's engine)", command: journeysIn('webkit') },
};

const chosen = process.argv.slice(2);
for (const name of chosen) {
  if (!layers[name]) {
    console.error(`test: unknown layer "${name}"; use any of ${Object.keys(layers).join(', ')}`);
    process.exit(2);
  }
}
const toRun = chosen.length > 0 ? Object.keys(layers).filter((name) => chosen.includes(name)) : Object.keys(layers);
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const table = [];
const started = performance.now();

// Set up and build: a step that fails stops the run (nothing after it could pass).
const prepare = performance.now();
const steps = [['setup', [node, 'scripts/setup.mjs']]];
for (const target of [...new Set(toRun.flatMap((name) => builds[name]))]) steps.push([`build ${target}`, [node, 'scripts/build.mjs', target]]);
for (const [name, [command, ...args]] of steps) {
  const result = await runProcess(name, command, args, { timeoutMs: 30 * MINUTE, echo: true });
  if (result.code !== 0 || result.leftBehind.length > 0) {
    console.error(`\ntest: ${name} failed${result.timedOut ? ' (out of time)' : ''}; no layer was run`);
    process.exit(1);
  }
}
table.push({ layer: 'setup and builds', ms: performance.now() - prepare, passed: null, failed: null, ok: true });

for (const name of toRun) {
  const layer = layers[name];
  console.log(`\n== ${layer.title} ==`);
  const row = layer.files ? await runFiles(name, layer.files) : await runCommand(name, layer.command);
  table.push({ layer: layer.title, ...row });
}

printTable();
process.exit(table.every((row) => row.ok) ? 0 : 1);

/** One command: its output as it comes, then its counts. */
async function runCommand(name, [command, ...args]) {
  const result = await runProcess(name, command, args, { timeoutMs: 20 * MINUTE, echo: true });
  const found = counts(result.output);
  const ok = result.code === 0 && !result.timedOut && result.leftBehind.length === 0;
  reportProblems(name, result);
  return { ms: result.ms, passed: found?.passed ?? (ok ? 1 : 0), failed: found?.failed ?? (ok ? 0 : 1), ok };
}

/** Test files through the pool; each file's output is printed whole when it ends, never interleaved. */
async function runFiles(name, files) {
  const layerStart = performance.now();
  const pool = longestFirst(files).map((file) => ({
    name: `${name}/${path.basename(file)}`,
    command: node,
    args: ['--test', `--test-timeout=${TEST_TIMEOUT}`, file],
    alone: ALONE.has(path.basename(file)),
  }));
  const perFile = [];
  await runPool(pool, {
    parallel: jobs,
    timeoutMs: FILE_DEADLINE,
    onDone(job, result) {
      process.stdout.write(result.output);
      const found = counts(result.output) ?? { passed: 0, failed: 1 };
      const ok = result.code === 0 && !result.timedOut && result.leftBehind.length === 0 && found.failed === 0;
      perFile.push({ file: job.name, ms: result.ms, ...found, ok });
      reportProblems(job.name, result);
      console.log(`-- ${job.name}: ${ok ? 'passed' : 'FAILED'}, ${found.passed} passed, ${found.failed} failed, ${seconds(result.ms)}`);
    },
  });
  console.log(`\n${name}: the files by time`);
  for (const each of perFile.sort((a, b) => b.ms - a.ms)) console.log(`  ${seconds(each.ms).padStart(6)}  ${each.ok ? '' : 'FAILED '}${each.file}`);
  mkdirSync(path.dirname(TIMINGS), { recursive: true });
  const timings = Object.fromEntries(perFile.map((each) => [each.file.slice(name.length + 1), Math.round(each.ms)]));
  writeFileSync(TIMINGS, `${JSON.stringify({ ...lastTimings, ...timings }, null, 2)}\n`);
  const sum = (key) => perFile.reduce((total, each) => total + each[key], 0);
  return { ms: performance.now() - layerStart, passed: sum('passed'), failed: sum('failed'), ok: perFile.every((each) => each.ok) };
}

function reportProblems(name, result) {
  if (result.timedOut) console.error(`test: ${name} did not end in time: it was stopped, with every process it started`);
  for (const { pid, command } of result.leftBehind) console.error(`test: ${name} left a process running (ended now): ${pid} ${command}`);
}

function printTable() {
  const rows = [
    ['Layer', 'Time', 'Passed', 'Failed', ''],
    ...table.map((row) => [row.layer, seconds(row.ms), row.passed ?? '', row.failed ?? '', row.ok ? 'ok' : 'FAILED']),
    ['all', seconds(performance.now() - started), '', '', table.every((row) => row.ok) ? 'ok' : 'FAILED'],
  ].map((cells) => cells.map(String));
  const widths = rows[0].map((_, column) => Math.max(...rows.map((cells) => cells[column].length)));
  console.log('');
  for (const cells of rows) console.log(cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  '));
}
