// npm run format: rewrites the sources in the project's style. `--check` (run by npm test) changes
// nothing and fails, naming the files, when any source is not in that style or JS has lint errors.
// C++ is clang-format 14's (Debian 12's), configured by .clang-format; another version formats
// differently, so the check refuses to judge with one. JS is Biome's (pinned), configured by biome.json.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
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
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`, stdout: result.stdout };
}

const biome = path.join(root, 'node_modules', '.bin', 'biome');

/**
 * Each formatter: whether it can run, and what one pass does (`check`: change nothing). A pass
 * returns { ok, count (files looked at), unformatted (files out of style or with problems), details }.
 */
const formatters = [
  {
    name: 'C++ (clang-format 14)',
    ready() {
      const version = run('clang-format', ['--version']);
      if (!version.ok) return 'clang-format is missing: run npm run setup (Debian package clang-format)';
      if (!/version 14\./.test(version.output)) return `needs clang-format 14 (Debian 12's); found: ${version.output.trim()}`;
      return null;
    },
    pass(checkOnly) {
      const files = filesIn(['cpp', 'tests/cpp', 'tests/fuzz', 'tests/bench'], ['.cpp', '.hpp']);
      const result = checkOnly ? run('clang-format', ['--dry-run', '--Werror', ...files]) : run('clang-format', ['-i', ...files]);
      const named = [...result.output.matchAll(/^(.+?):\d+:\d+: (?:error|warning)/gm)].map((match) => path.relative(root, path.resolve(root, match[1])));
      return { ok: result.ok, count: files.length, unformatted: [...new Set(named)], details: result.output };
    },
  },
  {
    // Biome (pinned in package.json) formats and lints the files biome.json includes: web/, tests/, scripts/.
    name: 'JS (Biome)',
    ready: () => (existsSync(biome) ? null : 'Biome is missing: run npm ci'),
    pass(checkOnly) {
      // Biome 2.6.9 lays out a few call chains differently on a second pass (its first output is not
      // always stable); a second rewrite settles them, so a rewrite always passes the check.
      if (!checkOnly) run(biome, ['format', '--write']);
      const result = run(biome, [checkOnly ? 'check' : 'format', ...(checkOnly ? [] : ['--write']), '--reporter=json']);
      let report;
      try {
        report = JSON.parse(result.stdout);
      } catch {
        return { ok: false, count: 0, unformatted: [], details: result.output };
      }
      const problems = report.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
      const named = problems.map(({ location, category }) => `${location.path}${category === 'format' ? '' : ` (${category})`}`);
      // The diagnostics as people read them (diffs, rule explanations), when there are any.
      const details = problems.length > 0 ? run(biome, ['check', '--max-diagnostics=20']).output : '';
      return { ok: result.ok && problems.length === 0, count: report.summary.changed + report.summary.unchanged, unformatted: [...new Set(named)], details };
    },
  },
];

let failed = false;
for (const formatter of formatters) {
  const problem = formatter.ready();
  if (problem) {
    console.error(`format: ${formatter.name}: ${problem}`);
    failed = true;
    continue;
  }
  const { ok, count, unformatted, details } = formatter.pass(check);
  if (ok) {
    console.log(`format: ${formatter.name}: ${count} files ${check ? 'in style' : 'formatted'}`);
    continue;
  }
  failed = true;
  console.error(
    `format: ${formatter.name}: ${check ? `not in style: ${unformatted.join(', ') || 'see below'}\n  run npm run format to fix the layout; lint problems (named by rule) need a change by hand` : 'failed'}`,
  );
  if (!check || unformatted.length === 0 || details) console.error(details);
}
process.exit(failed ? 1 : 0);
