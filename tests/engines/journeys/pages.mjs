// Every view opens with its content, in each engine: its heading, no problem shown, no error, no CSP
// refusal and no request to another origin; a screenshot of each, to compare engines side by side.
import { test } from 'node:test';
import assert from 'node:assert/strict';

/** Every view, by its name in the URL, with the heading a learner sees on it. */
export const VIEWS = [
  ['home', /^Where do you want to start\?$/],
  ['lesson', /^Lesson: how a transformer knows where a token is$/],
  ['quiz', /^Flash cards$/],
  ['encodings', /^Encodings explorer$/],
  ['position', /^Position p in a model trained to length L$/],
  ['frequencies', /^RoPE frequencies before and after scaling$/],
  ['grid', /^Where an image patch sits$/],
  ['model', /^Train a toy transformer, then ask it past its trained length$/],
];

/** @param {import('../journeys.mjs').Journey} j */
export function registerPages(j) {
  test('every view opens with its content: no error, no CSP refusal, no request to another origin', async () => {
    for (const [view, heading] of VIEWS) {
      await j.openView(`?view=${view}`, view);
      const shown = await j.driver.evaluate((name) => {
        const section = document.querySelector(`section[data-view="${name}"]`);
        return {
          heading: section.querySelector('h2')?.textContent.trim(),
          alerts: [...section.querySelectorAll('[role="alert"]')].map((node) => node.textContent.trim()).filter(Boolean),
          words: section.innerText.split(/\s+/).length,
        };
      }, view);
      assert.match(shown.heading ?? '', heading, `${j.driver.engine}: ${view}'s heading`);
      assert.deepEqual(shown.alerts, [], `${j.driver.engine}: ${view} shows no problem`);
      assert.ok(shown.words > 40, `${j.driver.engine}: ${view} has its content (${shown.words} words)`);
      await j.assertClean(view);
      await j.shot(view);
    }
  });
}
