// Every name web/ exports is imported somewhere: by the page, or by a test of its own. An export
// nothing reads is dead code or an untested function (scripts/unimported-exports.mjs finds them).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unimportedExports } from '../../scripts/unimported-exports.mjs';

test('no web/ export goes unimported', () => {
  assert.deepEqual(
    unimportedExports().map(({ file, name }) => `${file} ${name}`),
    [],
  );
});
