// npm run package:scorm | package:scorm2004 | package:cmi5: the built site (dist/) as a course
// package, zipped to build/posenc-<format>.zip: every file of dist/, the format's manifest and the
// schema files it names (scripts/course-schemas/<format>/).
//   node scripts/package-course.mjs scorm12|scorm2004|cmi5 [--iri-base IRI] [--lrs-origin ORIGIN ...]
// --iri-base: the IRI under which activities, objectives and (cmi5) the course and AU are named;
//   choose one of your own that stays put when the course moves (default urn:posenc:).
// --lrs-origin (cmi5): an origin the page may send statements to, besides its own; the package's
//   index.html allows only these in its Content-Security-Policy (connect-src).
import { readdirSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { zipSync } from 'fflate';
import { LAUNCH_FILE, cmi5CourseStructure, schemaFolder, scorm12Manifest, scorm2004Manifest } from './course-manifests.mjs';
import { DEFAULT_IRI_BASE } from '../web/lms.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every file under `folder`, as paths relative to it with forward slashes. */
function filesUnder(folder, prefix = '') {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const full = path.join(folder, name);
      return statSync(full).isDirectory() ? filesUnder(full, `${prefix}${name}/`) : [`${prefix}${name}`];
    });
}

const FORMATS = {
  scorm12: { label: 'SCORM 1.2', output: 'posenc-scorm.zip', manifest: (files, { version }) => ['imsmanifest.xml', scorm12Manifest(files, version)] },
  scorm2004: {
    label: 'SCORM 2004 4th edition',
    output: 'posenc-scorm2004.zip',
    manifest: (files, { version, iriBase }) => ['imsmanifest.xml', scorm2004Manifest(files, version, iriBase)],
  },
  cmi5: { label: 'cmi5', output: 'posenc-cmi5.zip', manifest: (files, { iriBase }) => ['cmi5.xml', cmi5CourseStructure(iriBase)] },
};

/**
 * The launch page for a package: the IRI base as a meta tag the page reads (web/lms.js), and the
 * LRS origins added to connect-src.
 * @param {string} html  dist/index.html
 * @param {{ iriBase: string, lrsOrigins?: string[] }} options
 */
export function launchPage(html, { iriBase, lrsOrigins = [] }) {
  const policy = /(<meta http-equiv="Content-Security-Policy" content="[^"]*connect-src 'self')([^";]*)/;
  if (!policy.test(html)) throw new Error(`package: ${LAUNCH_FILE} has no Content-Security-Policy with connect-src 'self'`);
  const origins = lrsOrigins.map((origin) => {
    const url = new URL(origin);
    if (url.origin !== origin.replace(/\/$/, '')) throw new RangeError(`--lrs-origin must be an origin such as https://lrs.example.org; got ${origin}`);
    return url.origin;
  });
  const escaped = iriBase.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  return html
    .replace(policy, (whole, start, rest) => `${start}${origins.map((origin) => ` ${origin}`).join('')}${rest}`)
    .replace('<meta charset="utf-8">', `<meta charset="utf-8">\n  <meta name="posenc-iri-base" content="${escaped}">`);
}

/**
 * The package's files: dist/ with its launch page adjusted, the manifest and its schema files.
 * @param {'scorm12' | 'scorm2004' | 'cmi5'} format
 * @param {{ dist?: string, iriBase?: string, lrsOrigins?: string[], version?: string }} [options]
 * @returns {Record<string, Uint8Array>}
 */
export function packageEntries(format, { dist = path.join(root, 'dist'), iriBase = DEFAULT_IRI_BASE, lrsOrigins = [], version = '0.0.0' } = {}) {
  const files = filesUnder(dist);
  if (!files.includes(LAUNCH_FILE)) throw new Error(`package: ${path.relative(root, dist)}/ has no ${LAUNCH_FILE}; run npm run build first`);
  const [name, text] = FORMATS[format].manifest(files, { version, iriBase });
  const entries = { [name]: new TextEncoder().encode(text) };
  for (const file of files) entries[file] = readFileSync(path.join(dist, file));
  for (const file of filesUnder(schemaFolder(format))) {
    if (entries[file]) throw new Error(`package: dist/${file} has the name of a schema file the manifest names`);
    entries[file] = readFileSync(path.join(schemaFolder(format), file));
  }
  entries[LAUNCH_FILE] = new TextEncoder().encode(launchPage(readFileSync(path.join(dist, LAUNCH_FILE), 'utf8'), { iriBase, lrsOrigins }));
  return entries;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const {
    values,
    positionals: [format],
  } = parseArgs({
    allowPositionals: true,
    options: { 'iri-base': { type: 'string', default: DEFAULT_IRI_BASE }, 'lrs-origin': { type: 'string', multiple: true, default: [] } },
  });
  if (!FORMATS[format]) {
    console.error(`package: the format must be one of ${Object.keys(FORMATS).join(', ')}; got ${format}`);
    process.exit(2);
  }
  const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
  let entries;
  try {
    entries = packageEntries(format, { iriBase: values['iri-base'], lrsOrigins: values['lrs-origin'], version });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  const output = path.join(root, 'build', FORMATS[format].output);
  mkdirSync(path.dirname(output), { recursive: true });
  writeFileSync(output, zipSync(entries, { level: 9 }));
  console.log(`package: ${FORMATS[format].label}, ${Object.keys(entries).length} files -> ${path.relative(root, output)} (${statSync(output).size} bytes)`);
}
