// npm run format: rewrites the sources in the project's style. `--check` (run by npm test) changes
// nothing and fails, naming the files, when any source is not in that style.
// C++ is clang-format 14's (Debian 12's), configured by .clang-format; another version formats
// differently, so the check refuses to judge with one.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

/** Files below `folders` (relative to the root) whose names end with one of `endings`, sorted. */
function filesIn(folders, endings) {
  const found = [];
  const walk = (folder) => {
    for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      const relative = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (endings.some((ending) => entry.name.endsWith(ending))) found.push(relative);
    }
  };
  folders.forEach(walk);
  return found.sort();
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
  if (result.error) return { ok: false, output: `${command}: ${result.error.message}` };
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/** Each formatter: the files it owns, and how it rewrites or checks them. A JS formatter joins this list. */
const formatters = [
  {
    name: 'C++ (clang-format 14)',
    files: () => filesIn(['cpp', 'tests/cpp', 'tests/fuzz', 'tests/bench'], ['.cpp', '.hpp']),
    ready() {
      const version = run('clang-format', ['--version']);
      if (!version.ok) return 'clang-format is missing: run npm run setup (Debian package clang-format)';
      if (!/version 14\./.test(version.output)) return `needs clang-format 14 (Debian 12's); found: ${version.output.trim()}`;
      return null;
    },
    rewrite: (files) => run('clang-format', ['-i', ...files]),
    check: (files) => run('clang-format', ['--dry-run', '--Werror', ...files]),
  },
];

let failed = false;
for (const formatter of formatters) {
  const files = formatter.files();
  const problem = formatter.ready();
  if (problem) {
    console.error(`format: ${formatter.name}: ${problem}`);
    failed = true;
    continue;
  }
  const result = (check ? formatter.check : formatter.rewrite)(files);
  if (result.ok) {
    console.log(`format: ${formatter.name}: ${files.length} files ${check ? 'in style' : 'formatted'}`);
    continue;
  }
  failed = true;
  const unformatted = [...new Set([...result.output.matchAll(/^(.+?):\d+:\d+: (?:error|warning)/gm)].map((match) => path.relative(root, path.resolve(root, match[1]))))];
  console.error(`format: ${formatter.name}: ${check ? `not in style: ${unformatted.join(', ') || 'see below'}\n  run npm run format to fix them` : 'failed'}`);
  if (!check || unformatted.length === 0) console.error(result.output);
}
process.exit(failed ? 1 : 0);
