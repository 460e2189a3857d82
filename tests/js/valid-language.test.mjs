// The language fallback (web/valid-language.js): only valid tags pass, and the page's own language
// stands in when none does (WebKitGTK under LANG=C reports "C", which Intl refuses).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validLanguages } from '../../web/valid-language.js';

test('a setting that is not a language tag falls back to the page language, which Intl accepts', () => {
  assert.throws(() => new Intl.NumberFormat('C'), RangeError, 'the failure this guards against');
  for (const setting of [['C'], ['C.UTF-8'], ['en_US.UTF-8'], [''], [], undefined]) {
    assert.deepEqual(validLanguages(setting), ['en-US'], JSON.stringify(setting));
    assert.doesNotThrow(() => new Intl.NumberFormat(validLanguages(setting)[0]));
  }
});

test("the learner's valid languages are kept, in their order; only the invalid ones are dropped", () => {
  assert.deepEqual(validLanguages(['de-CH', 'C', 'fr']), ['de-CH', 'fr']);
  assert.deepEqual(validLanguages(['en-GB']), ['en-GB']);
  assert.deepEqual(validLanguages(['C', 'pt-BR']), ['pt-BR']);
});
