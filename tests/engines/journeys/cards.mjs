// Flash cards in each engine, by keyboard: flip, grade, and the grade kept across a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';

/** @param {import('../journeys.mjs').Journey} j */
export function registerCards(j) {
  test('flash cards by keyboard: Space flips, 3 grades Good; reload, and the grade is kept', async () => {
    const { driver } = j;
    await j.openView('?view=quiz', 'quiz');
    await driver.evaluate(() => localStorage.clear());
    await j.openView('?view=quiz', 'quiz');
    assert.match(await j.text('#card-question'), /beyond the trained length/);
    await driver.press('Space');
    await j.waitFor('the answer side', () => !document.getElementById('card-back').hidden && document.querySelector('.grade-bar')?.checkVisibility());
    await driver.press('3');
    await j.waitFor('the grade announced', () => /Graded Good/.test(document.getElementById('quiz-announcer').textContent));
    const saved = await driver.evaluate(() => localStorage.getItem('posenc.quiz.progress'));
    assert.equal(JSON.parse(saved).cards['sinusoidal-vs-learned-beyond-length'].state, 1, 'the card is learning');
    await j.openView('?view=quiz', 'quiz');
    assert.equal(await driver.evaluate(() => localStorage.getItem('posenc.quiz.progress')), saved, 'kept across the reload');
    assert.match(await j.text('#review-counts'), /new left today 9/);
    await j.assertClean('flash cards');
  });
}
