// Builds one part or all: `node scripts/build.mjs native|wasm|site|all|single|bench`.
// native: core + Catch2 tests in build/native. wasm: the module in build/wasm-out.
// site: the complete static site in dist/ (web/ + the module, posenc.wasm beside posenc.js), its
// JavaScript bundled by esbuild (scripts/bundle.mjs: dist/app.js, dist/trainer-worker.js, dist/chunks/).
// single: the whole site in one file, dist-single/posenc.html (scripts/build-single.mjs).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { bundleSite } from './bundle.mjs';
import { SINGLE_FILE_BUDGET, buildSingle } from './build-single.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

// emcc's optimizer needs Debian's acorn; a frozen cache means emcc never writes the system cache;
// --closure 1 runs the closure compiler pinned in package.json (the one emscripten 3.1.6 expects).
const emscriptenEnv = {
  ...process.env,
  NODE_PATH: '/usr/share/nodejs',
  EM_FROZEN_CACHE: '1',
  EM_CLOSURE_COMPILER: at('node_modules/.bin/google-closure-compiler'),
};

function run(command, args, env = process.env) {
  console.log(`build: ${command} ${args.join(' ')}`);
  execFileSync(command, args, { stdio: 'inherit', cwd: root, env });
}

function cmakeBuild(folder, configure, env) {
  if (!existsSync(at(folder, 'CMakeCache.txt'))) run(configure[0], configure.slice(1), env);
  run('cmake', ['--build', folder, '--parallel', '2'], env);
}

// The npm files the page's sources import as ../vendor/<name>.
const vendor = {
  'ts-fsrs.mjs': 'node_modules/ts-fsrs/dist/index.mjs',
  'uPlot.esm.js': 'node_modules/uplot/dist/uPlot.esm.js',
  'stemmer.js': 'node_modules/stemmer/index.js',
  // Loaded only when asked for (the FSRS optimiser, the .apkg export): lazy chunks of their own.
  'fsrs_browser.js': 'node_modules/fsrs-browser/fsrs_browser.js',
  'sql-wasm-browser.js': 'node_modules/sql.js/dist/sql-wasm-browser.js',
  'fflate.js': 'node_modules/fflate/esm/browser.js',
};
// The WebAssembly those lazy modules fetch, beside them in dist/vendor/, and each package's licence.
const vendorFiles = {
  'fsrs_browser_bg.wasm': 'node_modules/fsrs-browser/fsrs_browser_bg.wasm',
  snippets: 'node_modules/fsrs-browser/snippets',
  'sql-wasm-browser.wasm': 'node_modules/sql.js/dist/sql-wasm-browser.wasm',
  'ts-fsrs.LICENSE.txt': 'node_modules/ts-fsrs/LICENSE',
  'uPlot.min.css': 'node_modules/uplot/dist/uPlot.min.css',
  'uPlot.LICENSE.txt': 'node_modules/uplot/LICENSE',
  'stemmer.LICENSE.txt': 'node_modules/stemmer/license',
  'fsrs-browser.LICENSE.txt': 'node_modules/fsrs-browser/LICENSE',
  'sql.js.LICENSE.txt': 'node_modules/sql.js/LICENSE',
  'fflate.LICENSE.txt': 'node_modules/fflate/LICENSE',
};

const steps = {
  native() {
    cmakeBuild('build/native', ['cmake', '-S', '.', '-B', 'build/native', '-DCMAKE_BUILD_TYPE=Release']);
  },
  wasm() {
    cmakeBuild('build/wasm', ['emcmake', 'cmake', '-S', '.', '-B', 'build/wasm', '-DCMAKE_BUILD_TYPE=Release'], emscriptenEnv);
  },
  async site() {
    rmSync(at('dist'), { recursive: true, force: true });
    mkdirSync(at('dist'));
    cpSync(at('web'), at('dist'), { recursive: true });
    cpSync(at('build/wasm-out/posenc-core.mjs'), at('dist/posenc-core.mjs'));
    cpSync(at('build/wasm-out/posenc-core.wasm'), at('dist/posenc.wasm'));
    // Copies of the npm files the sources import as ../vendor/<name> (the unbundled modules in dist/,
    // which the tests import, use them; the bundle takes the same files from node_modules), and licences.
    mkdirSync(at('dist/vendor'));
    for (const [name, file] of Object.entries({ ...vendor, ...vendorFiles })) cpSync(at(file), at('dist/vendor', name), { recursive: true });
    const outputs = await bundleSite({ root, web: at('web'), dist: at('dist'), vendor });
    console.log(
      `build: bundled ${Object.entries(outputs)
        .map(([file, bytes]) => `${file} ${(bytes / 1024).toFixed(1)} KB`)
        .join(', ')}`,
    );
    console.log('build: dist/ is ready');
  },
};
steps.all = async () => {
  steps.wasm();
  await steps.site();
};
steps.single = async () => {
  steps.wasm();
  const { file, bytes, gzipBytes } = await buildSingle({ root, vendor });
  console.log(
    `build: ${path.relative(root, file)} is ${(bytes / 1024).toFixed(1)} KB, ${(gzipBytes / 1024).toFixed(1)} KB gzip (budget ${(SINGLE_FILE_BUDGET / 1024).toFixed(0)} KB)`,
  );
};
// The benchmark's own programs (npm run bench): native trainer and sinusoidal table, wasm fill baseline.
steps.bench = async () => {
  steps.native();
  run('cmake', ['--build', 'build/native', '--parallel', '2', '--target', 'posenc_train', 'posenc_sinusoidal_bench']);
  steps.wasm();
  run('cmake', ['--build', 'build/wasm', '--target', 'posenc_fill_bench'], emscriptenEnv);
};

const target = process.argv[2] ?? 'all';
if (!steps[target]) {
  console.error(`build: unknown target "${target}"; use one of ${Object.keys(steps).join(', ')}`);
  process.exit(2);
}
await steps[target]();
