// web/posenc.d.ts and README's API tables are written from the API's one description (web/api/) and
// the module's names by scripts/api-reference.mjs (npm run build). A description edited without
// rebuilding leaves them stale: these tests name the file and the command that brings it up to date.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { generatedFiles, renderReadmeSection, withReadmeSection } from '../../scripts/api-reference.mjs';
import { functionOptions, functions } from '../../web/api/functions.js';
import { groups } from '../../web/api/options.js';
import { loadForTests } from './load.mjs';

let posenc;
before(async () => {
  posenc = await loadForTests();
});

const fileText = (file) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

test('web/posenc.d.ts and README.md hold what scripts/api-reference.mjs writes', () => {
  for (const { file, expected } of generatedFiles(posenc.names)) {
    const now = fileText(file);
    if (now === expected) continue;
    const lines = now.split('\n');
    const line = expected.split('\n').findIndex((text, index) => text !== lines[index]);
    assert.fail(`${file} is stale from line ${line + 1} ("${lines[line] ?? ''}"): run npm run build (node scripts/api-reference.mjs)`);
  }
});

test('a changed doc, default or option in the description makes the check fail', () => {
  const readme = fileText('README.md');
  const section = renderReadmeSection(posenc.names);
  const option = functions.sinusoidal.signatures[0].options[0].fields.base;
  const before = option.defaultValue;
  option.defaultValue = '500000';
  try {
    assert.notEqual(withReadmeSection(readme, renderReadmeSection(posenc.names)), withReadmeSection(readme, section));
    const declarations = generatedFiles(posenc.names).find(({ file }) => file === 'web/posenc.d.ts').expected;
    assert.notEqual(declarations, fileText('web/posenc.d.ts'));
    assert.match(declarations, /\/\*\* \[500000\] \*\/\n\s+base\?: number;/);
  } finally {
    option.defaultValue = before;
  }
});

test('every option has a type, and every shared group a title and a doc for README', () => {
  const check = (where, options) => {
    for (const [name, option] of Object.entries(options)) {
      if (option.kind === 'object' && !option.typeName) check(`${where}.${name}`, option.fields);
      else assert.ok(option.type, `${where}.${name} has a type`);
    }
  };
  for (const group of groups) {
    assert.ok(group.title && group.doc, `${group.name} has a title and a doc`);
    check(group.name, group.fields);
  }
  for (const [name, apiFunction] of Object.entries(functions)) {
    assert.ok(apiFunction.doc && apiFunction.summary, `${name} has a doc and a summary`);
    for (const signature of apiFunction.signatures) for (const part of signature.options) if ('fields' in part) check(name, part.fields);
  }
});

test("argument-shapes.js copies exactly each function's options, in the description's order, nested objects too", async () => {
  const { argumentShapes } = await import('../../web/api/argument-shapes.js');
  const kinds = (options) =>
    Object.fromEntries(Object.entries(options).map(([name, option]) => [name, option.kind === 'object' ? kinds(option.fields) : option.kind]));
  assert.deepEqual(Object.keys(argumentShapes), Object.keys(functions));
  for (const [name, apiFunction] of Object.entries(functions)) {
    assert.equal(JSON.stringify(argumentShapes[name]), JSON.stringify(kinds(functionOptions(apiFunction))), name);
  }
});
