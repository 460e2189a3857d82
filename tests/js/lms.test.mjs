import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { unzipSync, strFromU8 } from 'fflate';
import { findScormApi, scoreOf } from '../../web/lms.js';
import { manifest } from '../../scripts/package-scorm.mjs';

test('the SCORM API is found in the window itself, a parent, or the opener', () => {
  const API = { LMSInitialize() {} };
  const top = { API };
  top.parent = top;
  const middle = { parent: top };
  const frame = { parent: middle };
  assert.equal(findScormApi(frame), API);
  const lonely = {};
  lonely.parent = lonely;
  assert.equal(findScormApi(lonely), null);
  const popup = { opener: frame };
  popup.parent = popup;
  assert.equal(findScormApi(popup), API);
});

test('a cross-origin parent that throws on access is skipped, not fatal', () => {
  const hostile = {};
  Object.defineProperty(hostile, 'API', { get() { throw new Error('SecurityError'); } });
  hostile.parent = hostile;
  assert.equal(findScormApi({ parent: hostile }), null);
});

test('the score is the share of right answers', () => {
  assert.equal(scoreOf({ answered: 0, right: 0 }), 0);
  assert.equal(scoreOf({ answered: 3, right: 2 }), 67);
});

test('the manifest is SCORM 1.2 and lists every file, escaped', () => {
  const xml = manifest(['index.html', 'decks/a&b.json'], '1.0.0');
  assert.match(xml, /<schemaversion>1\.2<\/schemaversion>/);
  assert.match(xml, /adlcp:scormtype="sco" href="index\.html\?view=quiz"/);
  assert.match(xml, /<file href="decks\/a&amp;b\.json"\/>/);
});

test('npm run package:scorm writes a zip with the manifest and the whole site', () => {
  execFileSync('node', ['scripts/package-scorm.mjs'], { stdio: 'pipe' });
  const entries = unzipSync(readFileSync('build/posenc-scorm.zip'));
  for (const file of ['imsmanifest.xml', 'index.html', 'posenc.js', 'posenc.wasm', 'embed.js', 'lms.js']) assert.ok(entries[file], file);
  const xml = strFromU8(entries['imsmanifest.xml']);
  for (const file of Object.keys(entries).filter((name) => name !== 'imsmanifest.xml')) assert.ok(xml.includes(`href="${file}"`), file);
});
