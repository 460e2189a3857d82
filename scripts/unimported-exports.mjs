// Lists what web/ exports and nothing imports: `node scripts/unimported-exports.mjs` prints one
// `file name` a line. An export is there to be imported, by the page or by a test; one that neither
// reads is dead code or an untested function (tests/js/exports.test.mjs keeps the list empty).
// The tests import dist/, the built copy of web/, so dist/ paths count as web/ ones. Reads the
// ways this repo imports: static imports, `await import(...)` destructured or kept as a namespace
// (then each `namespace.name` counts), and `new URL('file', base)` with base a URL to a folder.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourcesIn(folder) {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : sourcesIn(relative);
    return /\.m?js$/.test(entry.name) ? [relative] : [];
  });
}

/** The names a module exports (declarations and export lists). */
function exportedNames(source) {
  const names = [...source.matchAll(/^export\s+(?:async\s+)?(?:function\*?|const|let|class)\s+([\w$]+)/gm)].map((match) => match[1]);
  for (const [, list] of source.matchAll(/^export\s*\{([^}]*)\}/gm))
    names.push(
      ...list
        .split(',')
        .map((part) =>
          part
            .trim()
            .split(/\s+as\s+/)
            .pop(),
        )
        .filter(Boolean),
    );
  return names;
}

/** `a, { b, c }, d` split at its top-level commas. */
function topLevelParts(list) {
  const parts = [''];
  let depth = 0;
  for (const char of list) {
    if (char === ',' && depth === 0) parts.push('');
    else parts[parts.length - 1] += char;
    if (char === '{' || char === '[') depth++;
    if (char === '}' || char === ']') depth--;
  }
  return parts.map((part) => part.trim());
}

/** Names in a destructuring list `a, b: c, d = 1` as the module spells them. */
const destructured = (list) =>
  list
    .split(',')
    .map((part) => part.trim().split(/\s*[:=]\s*|\s+as\s+/)[0])
    .filter((name) => /^[\w$]+$/.test(name));

/**
 * The web/ file that `specifier` names in `file`, or null (a package, node:, a file outside web/ and dist/).
 * `base`: the second argument of new URL(specifier, base), when there is one.
 */
function resolved(file, specifier, base, bases) {
  let folder;
  if (base === undefined || base === 'import.meta.url') folder = specifier.startsWith('.') ? path.posix.dirname(file) : null;
  else folder = bases.get(base) ?? null;
  if (folder === null) return null;
  const target = path.posix.join(folder, specifier).replace(/^dist\//, 'web/');
  return target.startsWith('web/') ? target : null;
}

/** For each web/ file, the names other sources import from it. */
function importedNames(sources) {
  const imported = new Map();
  const add = (target, names) => {
    if (!target) return;
    if (!imported.has(target)) imported.set(target, new Set());
    for (const name of names) imported.get(target).add(name);
  };
  for (const [file, source] of sources) {
    // Folder URLs: const quiz = new URL('../../dist/quiz/', import.meta.url), or one built on another.
    const bases = new Map();
    for (const [, name, relative, base] of source.matchAll(/\b([\w$]+)\s*=\s*new URL\('([^']*)',\s*(import\.meta\.url|[\w$]+)\)/g)) {
      const from = base === 'import.meta.url' ? path.posix.dirname(file) : bases.get(base);
      if (from !== undefined) bases.set(name, path.posix.join(from, relative));
    }
    const target = (specifier, base) => resolved(file, specifier, base, bases);
    for (const [, names, specifier] of source.matchAll(/import\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*'([^']+)'/g))
      add(target(specifier), destructured(names));
    for (const [, namespace, specifier] of source.matchAll(/import\s*\*\s*as\s+([\w$]+)\s+from\s*'([^']+)'/g)) {
      add(
        target(specifier),
        [...source.matchAll(new RegExp(`\\b${namespace}\\.([\\w$]+)`, 'g'))].map((use) => use[1]),
      );
    }
    const dynamic = /import\((?:'([^']+)'|new URL\('([^']+)',\s*(import\.meta\.url|[\w$]+)\))\)/g;
    for (const match of source.matchAll(dynamic)) {
      const module = match[1] === undefined ? target(match[2], match[3]) : target(match[1]);
      const before = source.slice(Math.max(0, match.index - 160), match.index);
      const after = source.slice(match.index + match[0].length, match.index + match[0].length + 160);
      const names = [];
      // const { a, b } = await import(...), or [{ a }, other] = await Promise.all([import(...), ...])
      const assigned = /(?:\{([^{}]*)\}|\[\s*\{([^{}]*)\}[^\]]*\]|([\w$]+))\s*=\s*await\s+(?:Promise\.all\(\[\s*)?$/.exec(before);
      if (assigned?.[1] ?? assigned?.[2]) names.push(...destructured(assigned[1] ?? assigned[2]));
      else if (assigned?.[3]) names.push(...[...source.matchAll(new RegExp(`\\b${assigned[3]}\\.([\\w$]+)`, 'g'))].map((use) => use[1]));
      // import(...).then(({ a }) => ...)
      const then = /^\s*\.then\(\s*\(\s*\{([^{}]*)\}\s*\)/.exec(after);
      if (then) names.push(...destructured(then[1]));
      // const loading = import(...), awaited later: [other, { a }] = await Promise.all([first, loading])
      const promise = /\b([\w$]+)\s*=\s*$/.exec(before)?.[1];
      if (promise) {
        for (const [, patterns, promises] of source.matchAll(/\[([^\]]*)\]\s*=\s*await\s+Promise\.all\(\[([^\]]*)\]\)/g)) {
          const at = promises
            .split(',')
            .map((entry) => entry.trim())
            .indexOf(promise);
          const pattern = at < 0 ? undefined : topLevelParts(patterns)[at];
          if (pattern?.startsWith('{')) names.push(...destructured(pattern.slice(1, -1)));
        }
      }
      add(module, names);
    }
  }
  return imported;
}

/** [{ file, name }] for every web/ export nothing imports. */
export function unimportedExports() {
  const files = ['web', 'tests', 'scripts'].flatMap(sourcesIn);
  const sources = new Map(files.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));
  const imported = importedNames(sources);
  return files
    .filter((file) => file.startsWith('web/'))
    .flatMap((file) => {
      const names = imported.get(file) ?? new Set();
      return exportedNames(sources.get(file))
        .filter((name) => !names.has(name))
        .map((name) => ({ file, name }));
    });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { file, name } of unimportedExports()) console.log(`${file} ${name}`);
}
