// Writes what is generated from the API's one description (web/api/functions.js and options.js):
// web/api/argument-shapes.js (how posenc-arguments.js copies each call, so the description and its
// docs never ship to the page), web/posenc.d.ts (the option types, the name unions as the module
// lists them, and the Posenc interface; the result types are posenc-results.d.ts, by hand) and the
// tables between the markers in README's "The JS API". `node scripts/api-reference.mjs` writes all
// three; `npm run build` and `npm start` run it after the site is built (it asks the module for its
// names). tests/js/api-reference.test.mjs fails, naming the file, when one differs from what this writes.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { functionGroups, functions, partOptions, properties } from '../web/api/functions.js';
import { groups as optionGroups, nameUnions } from '../web/api/options.js';

const groups = [...optionGroups, ...functionGroups];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const README_START = '<!-- api-reference: written by scripts/api-reference.mjs from web/api/; edit those, then npm run build -->';
export const README_END = '<!-- end of api-reference -->';

/** `text` as a doc comment, wrapped near `width` columns, indented by `indent`. */
function docComment(text, indent = '') {
  if (!text) return '';
  const width = 116 - indent.length;
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  if (lines.length === 1 && lines[0].length <= width - 7) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((each) => `${indent} * ${each}`).join('\n')}\n${indent} */\n`;
}

const withDefault = (option) => [option.doc, option.defaultValue === undefined ? '' : `[${option.defaultValue}]`].filter(Boolean).join(' ');

/** An option's type: a named type, or an object type of its own fields. */
const optionType = (option, indent) => (option.kind === 'object' && !option.typeName ? objectType(option.fields, { indent }) : option.type);

/** `{ name?: type; ... }` with each option's doc above it; `allRequired` drops every `?`. */
function objectType(options, { indent = '', allRequired = false } = {}) {
  const inner = `${indent}  `;
  const fields = Object.entries(options).map(
    ([name, option]) => `${docComment(withDefault(option), inner)}${inner}${name}${option.required || allRequired ? '' : '?'}: ${optionType(option, inner)};`,
  );
  return `{\n${fields.join('\n')}\n${indent}}`;
}

/** One part of a signature's options as a type: its own fields, a group (Partial where it declares every field required), or a union. */
function partType(part, indent) {
  if ('fields' in part) return objectType(part.fields, { indent });
  if ('either' in part) return `(${part.either.map((fields) => objectType(fields, { indent })).join(' | ')})`;
  const omitted = part.omit ? `Omit<${part.group.name}, ${part.omit.map((name) => `'${name}'`).join(' | ')}>` : part.group.name;
  return part.group.allRequired ? `Partial<${omitted}>` : omitted;
}

/** A signature's options as one type: its own fields together first, then its groups and unions. */
function optionsType(parts, indent) {
  const own = parts.filter((part) => 'fields' in part).map(partOptions);
  const rest = parts.filter((part) => !('fields' in part));
  return [...(own.length > 0 ? [{ fields: Object.assign({}, ...own) }] : []), ...rest].map((part) => partType(part, indent)).join(' & ');
}

/** The union of the names the module lists for `list` (posenc.names[list]). */
const nameUnion = (names, list) => names[list].map((entry) => `'${entry.name}'`).join(' | ');

// The hand-written result types the Posenc interface names.
const resultTypes = [
  'BeyondTrained',
  'Evaluation',
  'Extension',
  'ExtensionExperiment',
  'ExtensionKind',
  'Grids',
  'Limits',
  'MemoryStats',
  'ModelBeyond',
  'ModelPreset',
  'ModelProbe',
  'Names',
  'PasskeyGrid',
  'Table',
  'Training',
];

/** web/posenc.d.ts, before formatting. `names`: the module's posenc.names. */
export function renderDeclarations(names) {
  const out = [
    '// The public API of posenc.js. Written by scripts/api-reference.mjs from web/api/ (every function, its',
    "// options, their types, defaults and docs) and the module's own lists of names: edit those and run",
    '// `npm run build`; npm test fails when this file is stale. What the functions return is typed by hand in',
    '// posenc-results.d.ts, re-exported here. Every function takes one options object; fields left out take the',
    '// defaults in brackets. Bad input throws a RangeError or TypeError naming the argument, the value and what',
    '// is allowed; a key a function does not read throws a TypeError naming it and the nearest real key.',
    '',
    `import type { ${resultTypes.join(', ')} } from './posenc-results.js';`,
    "export type * from './posenc-results.js';",
    '',
    '/** An Array of numbers or a numeric typed array. */',
    'export type Numbers = ArrayLike<number>;',
    '',
    docComment(
      "The caller's buffer for a result [a fresh array each call]: a typed array of exactly the result's type and length, made in "
        + 'this window (no subclass, no own length or set). The engine writes every element and returns this very array in its '
        + 'result, so a view that redraws the same shape reuses one buffer and allocates nothing. A wrong type or length is '
        + 'refused (TypeError, RangeError) before anything is written.',
    ).trimEnd(),
    'export type Out<Array = Float64Array> = Array;',
    '',
  ];
  for (const [list, { type, doc }] of Object.entries(nameUnions)) out.push(`${docComment(doc)}export type ${type} = ${nameUnion(names, list)};`);
  for (const group of groups)
    out.push('', `${docComment(group.doc)}export interface ${group.name} ${objectType(group.fields, { allRequired: group.allRequired })}`);
  out.push('', 'export interface Posenc {');
  for (const [name, apiFunction] of Object.entries(functions)) {
    for (const signature of apiFunction.signatures) {
      const options = optionsType(signature.options, '  ');
      const argument = signature.orAlso ? `(${options}) | ${signature.orAlso}` : options;
      const generic = signature.typeParameters ? `<${signature.typeParameters}>` : '';
      out.push(`${docComment(signature.doc ?? apiFunction.doc, '  ')}  ${name}${generic}(options: ${argument}): ${signature.returns};`);
    }
  }
  for (const [name, { type, doc, method }] of Object.entries(properties))
    out.push(`${docComment(doc, '  ')}  ${method ? `${name}(): ${type}` : `readonly ${name}: ${type}`};`);
  out.push(
    '}',
    '',
    docComment(
      'Loads the module. In a browser posenc.wasm is found beside posenc.js; in node pass its bytes. Rejects with an '
        + 'EngineUnavailableError (engine-support.js), whose message is written for a learner, where WebAssembly is off.',
    ).trimEnd(),
    'export function loadPosenc(options?: { wasmBinary?: ArrayBuffer | Uint8Array }): Promise<Posenc>;',
    '',
  );
  return out.join('\n');
}

/** `text` in Biome's style for `file` (the project's formatter, so npm run format leaves the file as written). */
export function formatted(text, file) {
  const result = spawnSync(path.join(root, 'node_modules/.bin/biome'), ['format', `--stdin-file-path=${file}`], { cwd: root, input: text, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`api-reference: Biome could not format ${file}:\n${result.stderr}`);
  return result.stdout;
}

const code = (text) => `\`${text}\``;
const cell = (text) => text.replaceAll('|', '\\|');
/** An option as README lists it: its name, then its default in brackets. */
const listed = ([name, option]) => `${code(name)}${option.defaultValue === undefined ? '' : ` [${option.defaultValue}]`}`;

/** One part of a signature as README lists it. */
function partListing(part) {
  if ('fields' in part) return Object.entries(part.fields).map(listed).join(', ');
  if ('either' in part) return part.either.map((fields) => Object.entries(fields).map(listed).join(', ')).join(' or ');
  return `the ${part.group.title}${part.omit ? ` but ${part.omit.map(code).join(', ')}` : ''}`;
}

/**
 * The tables between README's markers: each function, its options and result; each shared group of
 * options; the names each kind of option takes (the module's lists, `names`); the module's other members.
 */
export function renderReadmeSection(names) {
  const rows = ['| function | options (defaults in brackets) | returns |', '|---|---|---|'];
  for (const [name, apiFunction] of Object.entries(functions)) {
    apiFunction.signatures.forEach((signature, index) => {
      const returns = apiFunction.signatures.length > 1 ? (signature.doc ?? '') : apiFunction.summary;
      const also = signature.orAlso ? ` (or a bare ${signature.orAlso})` : '';
      rows.push(`| ${code(name)}${index > 0 ? ' (or)' : ''} | ${cell(signature.options.map(partListing).join('; '))}${also} | ${cell(returns)} |`);
    });
  }
  const shared = ['| settings | option | type | default | what it is |', '|---|---|---|---|---|'];
  for (const group of groups) {
    shared.push(`| **${group.title}** (${code(group.name)}) | | | | ${cell(group.doc)} |`);
    for (const [name, option] of Object.entries(partOptions({ group }))) {
      const type = option.kind === 'list' ? 'numbers' : option.type;
      shared.push(
        `| | ${code(name)} | ${cell(code(type))} | ${option.defaultValue === undefined ? '' : cell(code(option.defaultValue))} | ${cell(option.doc)} |`,
      );
    }
  }
  const unions = ['| names | what a call may write |', '|---|---|'];
  for (const [list, { type }] of Object.entries(nameUnions))
    unions.push(`| ${code(type)} | ${names[list].map((entry) => code(`'${entry.name}'`)).join(', ')} |`);
  const members = ['| member | what it holds |', '|---|---|'];
  for (const [name, { doc, method }] of Object.entries(properties)) members.push(`| ${code(method ? `${name}()` : name)} | ${cell(doc)} |`);
  return [README_START, '', ...rows, '', ...shared, '', ...unions, '', ...members, '', README_END].join('\n');
}

/** An option as argument-shapes.js writes it: its kind, a named group's constant, or its own fields' kinds. */
function copyKind(option) {
  if (option.kind !== 'object') return `'${option.kind}'`;
  if (option.typeName && groups.some((group) => group.name === option.typeName)) return option.typeName;
  return fieldKinds(option.fields);
}
const fieldKinds = (options, skip = new Set()) =>
  `{ ${Object.entries(options)
    .filter(([name]) => !skip.has(name))
    .map(([name, option]) => `${name}: ${copyKind(option)}`)
    .join(', ')} }`;

/**
 * web/api/argument-shapes.js, before formatting: a constant per shared group, spread where a function
 * takes the whole group, so the file reads as the description does.
 */
export function renderArgumentShapes() {
  const lines = [
    '// Written by scripts/api-reference.mjs from web/api/ (npm run build); npm test fails when it is stale. The',
    '// fields each function reads (as the adapters in cpp/bindings do), each copied by posenc-arguments.js as',
    "// 'scalar', 'list', 'output' (the caller's buffer for the result, handed over as it is) or a nested object's fields.",
  ];
  for (const group of groups) lines.push(`const ${group.name} = ${fieldKinds(group.fields)};`);
  lines.push('export const argumentShapes = {');
  for (const [name, apiFunction] of Object.entries(functions)) {
    const seen = new Set();
    const entries = [];
    for (const part of apiFunction.signatures.flatMap((signature) => signature.options)) {
      const fields = partOptions(part);
      if ('group' in part && !part.omit) entries.push(`...${part.group.name}`);
      else {
        const own = fieldKinds(fields, seen).slice(2, -2);
        if (own) entries.push(own);
      }
      for (const key of Object.keys(fields)) seen.add(key);
    }
    lines.push(`  ${name}: { ${entries.join(', ')} },`);
  }
  lines.push('};', '');
  return lines.join('\n');
}

/** README with its API section replaced by `section`. */
export function withReadmeSection(readme, section) {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`api-reference: README.md has no "${README_START}" ... "${README_END}" section`);
  return `${readme.slice(0, start)}${section}${readme.slice(end + README_END.length)}`;
}

/** Each generated file: where it is and what it should hold, given the module's names. */
export function generatedFiles(names) {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  return [
    { file: 'web/api/argument-shapes.js', expected: formatted(renderArgumentShapes(), 'web/api/argument-shapes.js') },
    { file: 'web/posenc.d.ts', expected: formatted(renderDeclarations(names), 'web/posenc.d.ts') },
    { file: 'README.md', expected: withReadmeSection(readme, renderReadmeSection(names)) },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = path.join(root, 'dist');
  const { loadPosenc } = await import(path.join(dist, 'posenc.js'));
  const posenc = await loadPosenc({ wasmBinary: readFileSync(path.join(dist, 'posenc.wasm')) });
  const written = [];
  for (const { file, expected } of generatedFiles(posenc.names)) {
    const now = existsSync(path.join(root, file)) ? readFileSync(path.join(root, file), 'utf8') : '';
    if (now === expected) continue;
    writeFileSync(path.join(root, file), expected);
    written.push(file);
    console.log(`api-reference: wrote ${file}`);
  }
  // dist/ was built from the files before: build it again from the new ones.
  if (written.some((file) => file.startsWith('web/'))) {
    const rebuilt = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), 'site'], { cwd: root, stdio: 'inherit' });
    if (rebuilt.status !== 0) process.exitCode = 1;
  }
}
