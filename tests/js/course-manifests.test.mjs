// The course manifests (scripts/course-manifests.mjs): what each says, and each validated with xmllint
// (Debian's libxml2-utils) against the schema files it names in xsi:schemaLocation, taken from the
// package that carries them: ADL's and IMS's for SCORM 1.2 and SCORM 2004 4th Edition, AICC's for cmi5.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SCHEMA_LOCATIONS, cmi5CourseStructure, scorm12Manifest, scorm2004Manifest } from '../../scripts/course-manifests.mjs';
import { packageEntries } from '../../scripts/package-course.mjs';

const files = ['index.html', 'decks/a&b.json'];
const iriBase = 'https://courses.example.edu/posenc/';
const FORMATS = {
  scorm12: { manifest: 'imsmanifest.xml', make: () => scorm12Manifest(files, '1.0.0') },
  scorm2004: { manifest: 'imsmanifest.xml', make: () => scorm2004Manifest(files, '1.0.0', iriBase) },
  cmi5: { manifest: 'cmi5.xml', make: () => cmi5CourseStructure(iriBase) },
};
const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
/** Each format's package entries, read from dist/ once. */
const packages = new Map();
const entriesOf = (format) => packages.get(format) ?? packages.set(format, packageEntries(format)).get(format);

let folder;
before(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'posenc-manifests-'));
});
after(() => rmSync(folder, { recursive: true, force: true }));

/** The (namespace, file) pairs a manifest names in xsi:schemaLocation. */
function schemaLocations(xml) {
  const [, list] = xml.match(/xsi:schemaLocation="([^"]*)"/) ?? [];
  const words = (list ?? '').trim().split(/\s+/).filter(Boolean);
  return words.flatMap((word, index) => (index % 2 ? [] : [[word, words[index + 1]]]));
}

/**
 * Writes the package's schema files and the manifest to a folder of their own, and validates the
 * manifest against the files it names, without the network. The schema that xmllint is given imports
 * each named file (the IMS schemas take extension elements through strict wildcards, so each
 * extension's schema must be known), and first the package's xml.xsd where there is one: ADL's
 * imscp_v1p1.xsd imports the XML namespace from w3.org, which libxml2 then skips.
 * @returns {{ status: number, output: string }}
 */
function validate(format, xml) {
  const entries = entriesOf(format);
  const where = mkdtempSync(path.join(folder, `${format}-`));
  for (const [name, bytes] of Object.entries(entries).filter(([name]) => /\.(xsd|dtd)$/.test(name))) {
    mkdirSync(path.dirname(path.join(where, name)), { recursive: true });
    writeFileSync(path.join(where, name), bytes);
  }
  writeFileSync(path.join(where, FORMATS[format].manifest), xml);
  const imports = [...(entries['xml.xsd'] ? [[XML_NAMESPACE, 'xml.xsd']] : []), ...schemaLocations(xml)];
  writeFileSync(
    path.join(where, 'named-schemas.xsd'),
    `<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">\n${imports.map(([namespace, file]) => `  <xsd:import namespace="${namespace}" schemaLocation="${file}"/>`).join('\n')}\n</xsd:schema>\n`,
  );
  const run = spawnSync('xmllint', ['--nonet', '--noout', '--schema', 'named-schemas.xsd', FORMATS[format].manifest], {
    cwd: where,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('what each manifest says', () => {
  test('SCORM 1.2: a plain launch file, the mastery score, every file listed', () => {
    const xml = FORMATS.scorm12.make();
    assert.match(xml, /<schemaversion>1\.2<\/schemaversion>/);
    assert.match(xml, /adlcp:scormtype="sco" href="index\.html"/);
    assert.doesNotMatch(xml, /href="[^"]*\?/, 'no query string in any href');
    assert.match(xml, /<adlcp:masteryscore>70<\/adlcp:masteryscore>/);
    assert.match(xml, /<file href="decks\/a&amp;b\.json"\/>/);
  });

  test('SCORM 2004 4th edition: the primary objective is the checked answers at a 0.7 scaled score', () => {
    const xml = FORMATS.scorm2004.make();
    assert.match(xml, /<schemaversion>2004 4th Edition<\/schemaversion>/);
    assert.match(xml, /adlcp:scormType="sco" href="index\.html"/);
    assert.match(xml, /objectiveID="https:\/\/courses\.example\.edu\/posenc\/objectives\/checked-answers" satisfiedByMeasure="true"/);
    assert.match(xml, /<imsss:minNormalizedMeasure>0\.7<\/imsss:minNormalizedMeasure>/);
  });

  test('cmi5: one AU with moveOn and masteryScore, ids under the IRI base', () => {
    const xml = FORMATS.cmi5.make();
    assert.match(xml, /<courseStructure xmlns="https:\/\/w3id\.org\/xapi\/profiles\/cmi5\/v1\/CourseStructure\.xsd"/);
    assert.equal(xml.match(/<au /g).length, 1);
    assert.match(xml, /<au id="https:\/\/courses\.example\.edu\/posenc\/au" moveOn="CompletedAndPassed" masteryScore="0\.7" launchMethod="AnyWindow">/);
    assert.match(xml, /<url>index\.html<\/url>/);
  });

  for (const format of Object.keys(FORMATS))
    test(`${format}: names a schema file, in the package, for each namespace it uses`, () => {
      const xml = FORMATS[format].make();
      assert.deepEqual(schemaLocations(xml), SCHEMA_LOCATIONS[format]);
      const entries = entriesOf(format);
      for (const [namespace, file] of schemaLocations(xml)) {
        assert.ok(entries[file], `${format} holds ${file}`);
        assert.match(
          new TextDecoder().decode(entries[file]),
          new RegExp(`targetNamespace\\s*=\\s*"${namespace.replace(/[.?]/g, '\\$&')}"`),
          `${file} defines ${namespace}`,
        );
      }
    });
});

describe('each manifest is valid against the schemas it names (xmllint, no network)', () => {
  for (const format of Object.keys(FORMATS))
    test(`${format}`, () => {
      const { status, output } = validate(format, FORMATS[format].make());
      assert.equal(status, 0, output);
      assert.match(output, new RegExp(`${FORMATS[format].manifest} validates`));
      assert.doesNotMatch(output, /network|failed to load/i);
    });

  test('and a manifest that breaks its schema is rejected, naming what breaks it', () => {
    const broken = [
      ['scorm12', (xml) => xml.replace('adlcp:scormtype="sco"', 'adlcp:scormtype="page"'), /scormtype.*page/s],
      ['scorm12', (xml) => xml.replace(/<organizations default="posenc-course">/, '<organizations default="posenc-course"><extra/>'), /extra/],
      ['scorm2004', (xml) => xml.replace('adlcp:scormType="sco"', 'adlcp:scormType="page"'), /scormType.*page/s],
      ['scorm2004', (xml) => xml.replace('satisfiedByMeasure="true"', 'satisfiedByMeasure="maybe"'), /satisfiedByMeasure/],
      ['scorm2004', (xml) => xml.replace(/<imsss:minNormalizedMeasure>0\.7</, '<imsss:minNormalizedMeasure>1.7<'), /minNormalizedMeasure/],
      ['cmi5', (xml) => xml.replace('moveOn="CompletedAndPassed"', 'moveOn="Done"'), /moveOn/],
      ['cmi5', (xml) => xml.replace(/<url>index\.html<\/url>/, ''), /url|au/i],
    ];
    for (const [format, breakIt, named] of broken) {
      const { status, output } = validate(format, breakIt(FORMATS[format].make()));
      assert.notEqual(status, 0, `${format}: ${breakIt}`);
      assert.match(output, /fails to validate/, output);
      assert.match(output, named, output);
    }
  });
});
