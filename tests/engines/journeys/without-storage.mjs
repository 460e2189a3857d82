// Where a browser refuses the page its storage (a school's policy, an LMS frame with storage blocked),
// the flash cards say so in words a learner understands, and reviewing goes on for as long as the page is open.
import { test } from 'node:test';
import assert from 'node:assert/strict';

/** @param {import('../journeys.mjs').Journey} j */
export function registerWithoutStorage(j) {
  test('with storage refused, the flash cards say progress lasts only while the page is open, and grading works', async () => {
    const { driver } = j;
    await j.openView('?view=quiz', 'quiz');
    await driver.evaluate(() => sessionStorage.setItem('journey:no-storage', '1'));
    try {
      await j.openView('?view=quiz', 'quiz');
      const refused = await driver.evaluate(() => {
        try {
          return localStorage && 'readable';
        } catch (error) {
          return error.name;
        }
      });
      assert.equal(refused, 'SecurityError', `${driver.engine}: the page's storage is refused`);
      const notice = await j.waitFor('the notice', () => document.getElementById('quiz-notice')?.textContent);
      assert.match(
        notice,
        /^This browser does not let the page keep progress \(SecurityError\): reviews count until the page is closed\. Export them from "Decks & progress" to keep them\.$/,
      );
      assert.ok(await driver.evaluate(() => document.getElementById('quiz-notice')?.checkVisibility()), `${driver.engine}: the notice is on screen`);
      await driver.press('Space');
      await j.waitFor('the answer side', () => document.querySelector('.grade-bar')?.checkVisibility());
      await driver.press('3');
      await j.waitFor('the grade announced', () => /Graded Good/.test(document.getElementById('quiz-announcer').textContent));
      await j.assertClean('flash cards without storage');
      await j.shot('quiz-without-storage');
    } finally {
      await driver.evaluate(() => sessionStorage.removeItem('journey:no-storage'));
    }
  });
}
