// Installs what the build and the tests need and is missing: Debian packages (as root) and
// node_modules (npm ci). Run by npm start, npm test and npm run build; quick when all is there.
// `--bench` adds the benchmark's peers (numpy, PyTorch); `--fuzz` adds clang and libFuzzer.
import { existsSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Each Debian package with a file that proves it is installed.
const debianPackages = [
  ['emscripten', '/usr/bin/emcc'],
  ['cmake', '/usr/bin/cmake'],
  ['g++', '/usr/bin/g++'],
  ['make', '/usr/bin/make'],
  ['libxtensor-dev', '/usr/include/xtensor/xtensor.hpp'],
  ['catch2', '/usr/include/catch2/catch.hpp'],
  ['clang-format', '/usr/bin/clang-format'], // npm test checks the C++ style with it (version 14 on Debian 12)
  ['chromium', '/usr/bin/chromium'], // the browser learners run: npm run bench measures the page in it
  ['chromium-headless-shell', '/usr/bin/chromium-headless-shell'], // the same Chromium without its interface: the browser tests
  ['firefox-esr', '/usr/bin/firefox-esr'], // the journeys in Firefox, driven over WebDriver BiDi
  ['webkit2gtk-driver', '/usr/bin/WebKitWebDriver'], // the journeys in WebKitGTK (Safari's engine), over WebDriver
  ['xvfb', '/usr/bin/Xvfb'], // the X display WebKitGTK needs, started and stopped by the tests
  ['libxml2-utils', '/usr/bin/xmllint'], // validates the course manifests against the schemas they name
];

// Only `npm run bench` (setup --bench) needs the peers it measures against.
const benchPackages = [
  ['python3-numpy', '/usr/lib/python3/dist-packages/numpy/__init__.py'],
  ['python3-torch', '/usr/lib/python3/dist-packages/torch/__init__.py'],
];

// Only `npm run fuzz` (setup --fuzz) needs clang and its libFuzzer runtime.
const fuzzPackages = [
  ['clang-14', '/usr/bin/clang++-14'],
  ['libclang-rt-14-dev', '/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a'],
];

function run(command, args, options = {}) {
  console.log(`setup: ${command} ${args.join(' ')}`);
  execFileSync(command, args, { stdio: 'inherit', cwd: root, ...options });
}

function installDebianPackages() {
  const wanted = [...debianPackages, ...(process.argv.includes('--bench') ? benchPackages : []), ...(process.argv.includes('--fuzz') ? fuzzPackages : [])];
  const missing = wanted.filter(([, file]) => !existsSync(file)).map(([name]) => name);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    console.error(`setup: missing Debian packages. Install them, then run this again:\n\n  sudo apt-get install ${missing.join(' ')}\n`);
    process.exit(1);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env });
  run('apt-get', ['install', '-y', '-qq', ...missing], { env });
}

function installNodeModules() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

installDebianPackages();
installNodeModules();
