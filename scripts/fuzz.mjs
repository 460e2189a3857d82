// npm run fuzz: builds the libFuzzer harnesses (tests/fuzz/*.cpp, clang-14, ASan + UBSan) in
// build/fuzz and runs each for FUZZ_SECONDS (default 60) on a copy of its seed corpus
// (tests/fuzz/corpus/<name>/ is copied to build/fuzz/corpus/<name>/, where new inputs go; the
// repo's seeds are never written). Harnesses run FUZZ_JOBS at a time (default: the CPU count).
// Prints executions per harness and the total; exits non-zero if any harness found a crash,
// naming the file libFuzzer wrote (build/fuzz/artifacts/<name>/crash-*). Then runs the JS property
// tests far longer (scripts/fuzz-js.mjs).
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, createWriteStream } from 'node:fs';
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildDir = path.join(root, 'build', 'fuzz');
const seconds = Number(process.env.FUZZ_SECONDS ?? 60);
const jobs = Math.max(1, Number(process.env.FUZZ_JOBS ?? availableParallelism()));
if (!(Number.isInteger(seconds) && seconds > 0)) {
  console.error(`fuzz: FUZZ_SECONDS must be a positive integer; got ${process.env.FUZZ_SECONDS}`);
  process.exit(2);
}

function run(command, args, env = process.env) {
  console.log(`fuzz: ${command} ${args.join(' ')}`);
  execFileSync(command, args, { stdio: 'inherit', cwd: root, env });
}

const compilers = { ...process.env, CC: 'clang-14', CXX: 'clang++-14' };
run('cmake', ['-S', '.', '-B', 'build/fuzz', '-DPOSENC_FUZZ=ON', '-DCMAKE_BUILD_TYPE=RelWithDebInfo'], compilers);
run('cmake', ['--build', 'build/fuzz', '--parallel'], compilers);

const names = readdirSync(path.join(root, 'tests', 'fuzz'))
  .filter((file) => file.endsWith('.cpp'))
  .map((file) => file.slice(0, -'.cpp'.length))
  .sort();

/** Runs one harness; resolves to { name, executions, perSecond, exitCode, findings }. */
function fuzz(name) {
  const corpus = path.join(buildDir, 'corpus', name);
  const artifacts = path.join(buildDir, 'artifacts', name);
  const logs = path.join(buildDir, 'logs');
  mkdirSync(corpus, { recursive: true });
  rmSync(artifacts, { recursive: true, force: true });
  mkdirSync(artifacts, { recursive: true });
  mkdirSync(logs, { recursive: true });
  const seeds = path.join(root, 'tests', 'fuzz', 'corpus', name);
  if (existsSync(seeds)) cpSync(seeds, corpus, { recursive: true });
  const logFile = path.join(logs, `${name}.log`);
  const args = [
    `-max_total_time=${seconds}`,
    '-print_final_stats=1',
    `-artifact_prefix=${artifacts}/`,
    '-timeout=5', // seconds per input; each is meant to take ~10 ms
    '-malloc_limit_mb=64', // one allocation past this is a finding (inputs are bounded to a few MB)
    '-rss_limit_mb=4096',
    corpus,
  ];
  console.log(`fuzz: ${name} for ${seconds} s (log: ${path.relative(root, logFile)})`);
  return new Promise((resolve) => {
    const log = createWriteStream(logFile);
    let output = '';
    const child = spawn(path.join(buildDir, `fuzz_${name}`), args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk) => {
        log.write(chunk);
        output += chunk;
        if (output.length > 1 << 20) output = output.slice(-(1 << 19)); // the stats come last
      });
    child.on('close', (code, signal) => {
      log.end();
      const stat = (key) => Number(output.match(new RegExp(`stat::${key}:\\s*(\\d+)`))?.[1] ?? NaN);
      const findings = readdirSync(artifacts)
        .filter((file) => /^(crash|leak|timeout|oom|slow-unit)-/.test(file))
        .map((file) => path.relative(root, path.join(artifacts, file)));
      resolve({ name, executions: stat('number_of_executed_units'), perSecond: stat('average_exec_per_sec'), exitCode: code ?? signal, findings, logFile });
    });
  });
}

const queue = [...names];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(jobs, names.length) }, async () => {
    while (queue.length > 0) results.push(await fuzz(queue.shift()));
  }),
);
results.sort((a, b) => a.name.localeCompare(b.name));

const failed = results.filter((r) => r.exitCode !== 0 || r.findings.length > 0);
const total = results.reduce((sum, r) => sum + (Number.isFinite(r.executions) ? r.executions : 0), 0);
const rows = results.map((r) => [
  r.name,
  Number.isFinite(r.executions) ? r.executions.toLocaleString('en-US') : '?',
  Number.isFinite(r.perSecond) ? r.perSecond.toLocaleString('en-US') : '?',
  r.exitCode === 0 && r.findings.length === 0 ? 'ok' : `FOUND (exit ${r.exitCode})`,
]);
rows.push(['total', total.toLocaleString('en-US'), '', failed.length === 0 ? 'ok' : `${failed.length} failed`]);
const header = ['harness', 'executions', 'exec/s', 'result'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
const line = (cells) => `| ${cells.map((c, i) => (i === 0 || i === 3 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
console.log(`\nfuzz: ${seconds} s per harness, ${jobs} at a time\n`);
console.log(line(header));
console.log(`|${widths.map((w, i) => (i === 0 || i === 3 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
for (const row of rows) console.log(line(row));

// The JavaScript half: property tests of the page's data readers and the engine's JS API, long runs.
console.log('');
const jsPassed = spawnSync('node', [path.join(root, 'scripts', 'fuzz-js.mjs')], { stdio: 'inherit', cwd: root }).status === 0;

if (!jsPassed && failed.length === 0) process.exit(1);
if (failed.length > 0) {
  for (const r of failed)
    console.error(
      `\nfuzz: ${r.name} found a problem (log: ${path.relative(root, r.logFile)}); input: ${r.findings.join(', ') || 'none written'}`
        + `\n  reproduce: build/fuzz/fuzz_${r.name} ${r.findings[0] ?? ''}`,
    );
  process.exit(1);
}
