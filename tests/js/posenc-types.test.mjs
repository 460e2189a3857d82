// web/posenc.d.ts spells the names the module reads as unions (so beyondTrained's result can be keyed
// by scheme), written from the module's own lists (posenc.names); each union must be the module's list,
// so a scheme or scaling kind added to the engine's tables cannot be missing from the types. The result
// types, written by hand in web/posenc-results.d.ts, must have the fields the module returns.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadForTests } from './load.mjs';
import { nameUnions } from '../../web/api/options.js';

const declarations = readFileSync(new URL('../../web/posenc.d.ts', import.meta.url), 'utf8');
const results = readFileSync(new URL('../../web/posenc-results.d.ts', import.meta.url), 'utf8');
let posenc;
before(async () => {
  posenc = await loadForTests();
});

/** The string literals of `export type name = 'a' | 'b';`. */
function union(name) {
  const found = new RegExp(`export type ${name} =([^;]*);`).exec(declarations);
  assert.ok(found, `posenc.d.ts declares ${name}`);
  return [...found[1].matchAll(/'([^']*)'/g)].map((match) => match[1]);
}

const unions = Object.fromEntries(Object.entries(nameUnions).map(([list, { type }]) => [list, type]));

test("each name union in posenc.d.ts is the module's list", () => {
  assert.deepEqual(Object.keys(posenc.names).sort(), Object.keys(unions).sort(), 'a union for every list in posenc.names');
  for (const [list, type] of Object.entries(unions)) assert.deepEqual(union(type).sort(), posenc.names[list].map((entry) => entry.name).sort(), type);
});

/** The field names an interface declares at its top level (two-space indent in posenc-results.d.ts). */
function fields(name) {
  const body = new RegExp(`interface ${name}(?: extends \\w+)? \\{\\n([\\s\\S]*?)\\n\\}`).exec(results)[1];
  return [...body.matchAll(/^ {2}(\w+)\??:/gm)].map((match) => match[1]);
}

test('beyondTrained has a result type for each scheme, keyed by it, with the fields the module returns', () => {
  const keyed = new Map(
    [...results.matchAll(/export interface (\w+Beyond) extends BeyondCommon \{\s*scheme: '([^']+)';/g)].map((match) => [match[2], match[1]]),
  );
  assert.deepEqual([...keyed.keys()].sort(), posenc.names.scheme.map((entry) => entry.name).sort());
  for (const [scheme, type] of keyed) {
    const result = posenc.beyondTrained({ scheme });
    assert.deepEqual(Object.keys(result).sort(), [...fields('BeyondCommon'), ...fields(type)].sort(), type);
  }
});

test('a real model at p: the fields of ModelBeyond, one group per layer group of posenc.models', () => {
  for (const preset of posenc.models) {
    const result = posenc.beyondTrained({ model: preset.name });
    assert.deepEqual(Object.keys(result).sort(), [...fields('BeyondCommon'), ...fields('ModelBeyond')].sort(), preset.name);
    assert.deepEqual(
      result.groups.map((group) => group.name),
      preset.groups.map((group) => group.name),
      preset.name,
    );
  }
});
