// npm run bench: posenc's sinusoidal table beside its peers, measured in one run on this machine.
// Peers: the seed's numpy code (Debian's python3-numpy) and a plain JS loop. Ratios matter, not
// absolute times (machines here are shared and noisy); each timing is the median of repeats.
//
// Each peer runs twice: with the C library's default allocator, where every fresh 32 MB result
// is a new mmap and page faults dominate, and with MALLOC_MMAP_THRESHOLD_ raised so freed
// memory is reused and the arithmetic shows. Both are like for like: every peer returns a new
// table it owns.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const [N, D, REPEATS] = [8192, 512, 15];
const conditions = {
  'default allocator': {},
  'allocator reuses memory': { MALLOC_MMAP_THRESHOLD_: '2147483647', MALLOC_TRIM_THRESHOLD_: '2147483647' },
};

function runPeer(command, args, extraEnv) {
  const output = execFileSync(command, args, { cwd: root, env: { ...process.env, ...extraEnv }, encoding: 'utf8' });
  return JSON.parse(output.trim().split('\n').pop());
}

const report = { shape: `${N} x ${D}`, repeats: REPEATS, conditions: {} };
for (const [name, env] of Object.entries(conditions)) {
  const wasm = runPeer('node', [path.join(here, 'sinusoidal_wasm.mjs'), N, D, REPEATS], env);
  const numpy = runPeer('/usr/bin/python3', [path.join(here, 'sinusoidal_numpy.py'), N, D, REPEATS], env);
  report.conditions[name] = { wasm, numpy };
}
report.numpy = report.conditions['default allocator'].numpy.numpy;

const ms = (t) => `${t.median.toFixed(2).padStart(8)} ms`;
console.log(`Sinusoidal table ${report.shape}, median of ${REPEATS} (numpy ${report.numpy}, node ${process.versions.node})\n`);
for (const [name, { wasm, numpy }] of Object.entries(report.conditions)) {
  console.log(`${name}:`);
  console.log(`  posenc wasm float64 ${ms(wasm.float64)}   numpy float64 ${ms(numpy.float64)}   -> posenc ${(numpy.float64.median / wasm.float64.median).toFixed(2)}x faster`);
  console.log(`  posenc wasm float32 ${ms(wasm.float32)}   numpy float32 ${ms(numpy.float32)}   -> posenc ${(numpy.float32.median / wasm.float32.median).toFixed(2)}x faster`);
  console.log(`  plain JS float64    ${ms(wasm.plainJs)}                                 -> posenc ${(wasm.plainJs.median / wasm.float64.median).toFixed(2)}x faster`);
  console.log(`  max |error| vs float64 closed form: posenc float32 ${wasm.float32.maxError.toExponential(2)}, numpy float32 ${numpy.float32.maxError.toExponential(2)}\n`);
}
mkdirSync(path.join(root, 'test-results'), { recursive: true });
writeFileSync(path.join(root, 'test-results', 'bench.json'), JSON.stringify(report, null, 2));
console.log('Written to test-results/bench.json');

// The toy model: training steps per second in wasm beside the same model in PyTorch (Debian's
// python3-torch, CPU), at the quick preset's shape and the seed story's (L = 2,048, sampled
// rows), plus the whole quick preset natively and in node. Sizes come from the module's presets.
const training = { shapes: {} };
for (const [preset, steps] of [['quick', 300], ['seedStory', 20]]) {
  const wasm = runPeer('node', [path.join(here, 'train_wasm.mjs'), preset, steps, ...(preset === 'quick' ? ['--whole'] : [])], {});
  const t = wasm.trainer;
  const torch = runPeer('/usr/bin/python3', [path.join(here, 'train_torch.py'), t.trainedLength, t.batchSize, t.queriesPerSequence, steps,
    t.dModel, t.nHeads, t.symbols + t.passkeys, t.symbols, t.offset, t.learningRate], {});
  training.shapes[preset] = { wasm, torch };
}
execFileSync('cmake', ['--build', 'build/native', '--target', 'posenc_train'], { cwd: root, stdio: 'ignore' });
const native = execFileSync(path.join(root, 'build/native/posenc_train'), ['quick', '1'], { cwd: root, encoding: 'utf8' });
training.quickPresetNativeSeconds = JSON.parse(native.trim().split('\n').pop()).totalSeconds;
training.quickPresetWasmSeconds = training.shapes.quick.wasm.wholePresetSeconds;
report.training = training;

console.log(`\nToy model training (sinusoidal, copyBack; torch ${training.shapes.quick.torch.torch}, ${training.shapes.quick.torch.threads} thread(s)):`);
for (const [preset, { wasm, torch }] of Object.entries(training.shapes)) {
  const t = wasm.trainer;
  console.log(`  ${preset}: L ${t.trainedLength}, batch ${t.batchSize}, rows/sequence ${t.queriesPerSequence || 'all'}, dModel ${t.dModel}, ${t.nHeads} heads`);
  console.log(`    posenc wasm float64 ${wasm.stepsPerSecond.toFixed(1).padStart(8)} steps/s   torch float64 ${torch.float64.stepsPerSecond.toFixed(1).padStart(8)}   torch float32 ${torch.float32.stepsPerSecond.toFixed(1).padStart(8)}   -> wasm/torch64 ${(wasm.stepsPerSecond / torch.float64.stepsPerSecond).toFixed(2)}x`);
}
console.log(`  whole quick preset (6 schemes x 2 tasks, 5 overflow policies): native ${training.quickPresetNativeSeconds.toFixed(1)} s, node wasm ${training.quickPresetWasmSeconds.toFixed(1)} s`);
writeFileSync(path.join(root, 'test-results', 'bench.json'), JSON.stringify(report, null, 2));
