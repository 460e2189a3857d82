// posenc.d.ts must offer exactly the keys argumentShapes accepts: a key the types allow but the table
// does not is rejected at run time (unknown-keys.test.mjs), and one the table reads but the types omit
// cannot be passed from typed code. TypeScript here is the native compiler (no JS API to walk types
// with), so the check is written as TypeScript: for every function and nesting level, the keys of its
// options type (every overload, every member of a union) minus the table's, and the table's minus the
// type's, must both be never; tsc names each difference.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { argumentShapes, shapeLevels } from '../../web/posenc-arguments.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const literal = (keys) => (keys.length === 0 ? 'never' : keys.map((key) => `'${key}'`).join(' | '));

function checks() {
  const lines = [
    `import type { Posenc } from ${JSON.stringify(path.join(root, 'web/posenc.js'))};`,
    // The options of every overload (up to three), and the keys of every object member of a union.
    'type Options<F> = F extends { (o: infer A): any; (o: infer B): any; (o: infer C): any } ? A | B | C : never;',
    'type Keys<T> = T extends object ? keyof T : never;',
    'type Field<T, K extends string> = T extends object ? (K extends keyof T ? NonNullable<T[K]> : never) : never;',
    'type None<T> = [T] extends [never] ? true : T;',
  ];
  for (const [fn, shape] of Object.entries(argumentShapes)) {
    for (const [at, level] of shapeLevels(shape)) {
      const type = at.reduce((inner, key) => `Field<${inner}, '${key}'>`, `Options<Posenc['${fn}']>`);
      const name = [fn, ...at].join('_');
      const keys = literal(Object.keys(level));
      lines.push(`export const ${name}_typed_but_not_read: None<Exclude<Keys<${type}>, ${keys}>> = true;`);
      lines.push(`export const ${name}_read_but_not_typed: None<Exclude<${keys}, Keys<${type}>>> = true;`);
    }
  }
  return `${lines.join('\n')}\n`;
}

test('posenc.d.ts offers each function exactly the keys argumentShapes reads, at every level', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'posenc-api-types-'));
  try {
    const source = checks();
    writeFileSync(path.join(folder, 'check.ts'), source);
    const config = {
      compilerOptions: { strict: true, noEmit: true, target: 'es2022', module: 'esnext', moduleResolution: 'bundler', skipLibCheck: true },
      files: ['check.ts'],
    };
    writeFileSync(path.join(folder, 'tsconfig.json'), JSON.stringify(config));
    const result = spawnSync(path.join(root, 'node_modules/.bin/tsc'), ['-p', folder], { encoding: 'utf8' });
    const output = `${result.stdout}${result.stderr}`;
    // Each failing line is one check (function, level, direction); tsc's message holds the keys that differ.
    const lines = source.split('\n');
    const differences = [...output.matchAll(/check\.ts\((\d+),\d+\): error TS\d+: Type 'true' is not assignable to type '([^']*)'/g)].map(
      ([, line, keys]) => `${/export const (\w+)/.exec(lines[Number(line) - 1])?.[1]}: ${keys}`,
    );
    assert.deepEqual(differences, [], 'keys that differ between posenc.d.ts and argumentShapes');
    assert.equal(result.status, 0, `tsc:\n${output}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
