// Flash cards in each engine, keyboard first: flip, grade, undo and the grade kept across a reload; a
// typed answer marked against its key points after a hint; cram, the red-flag drill, a mock interview
// and the stats; and the quiz's keys acting only while the quiz is on screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { choose } from '../driver.mjs';
import { startHost } from '../../browser/host.mjs';

const KEY = 'posenc.quiz.progress';
const SEED_CARD = 'sinusoidal-vs-learned-beyond-length';
const root = new URL('../../../', import.meta.url);
const readJson = (file) => JSON.parse(readFileSync(new URL(file, root), 'utf8'));
const cards = readJson('web/decks/index.json').decks.flatMap((id) => readJson(`web/decks/${id}.json`).cards);
// Right answers from the development sets that state every key point.
const rightAnswers = ['core', 'foundations', 'rotary-and-beyond', '2024-2026']
  .flatMap((id) => readJson(`tests/js/fixtures/dev-answers/${id}.json`).answers)
  .filter((entry) => entry.kind === 'right' && entry.covered.length === 5);

/** @param {import('../journeys.mjs').Journey} j */
export function registerCards(j) {
  const stored = () => j.driver.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), KEY);
  const announced = (pattern) =>
    j.waitFor(`"${pattern.source}" announced`, (source) => new RegExp(source).test(document.getElementById('quiz-announcer').textContent), pattern.source);
  /** Opens the quiz on `query` with no progress stored. */
  async function fresh(query) {
    await j.openView('?view=quiz', 'quiz');
    await j.driver.evaluate(() => localStorage.clear());
    await j.openView(`?view=quiz${query}`, 'quiz');
  }
  /** Hands the keyboard back to the page: focus off the control last used. */
  const blur = () => j.driver.evaluate(() => /** @type {HTMLElement} */ (document.activeElement)?.blur());
  /** A mode by its button, then the keyboard handed back to the page (focus off the button). */
  async function mode(name) {
    await j.driver.click(`button[data-mode="${name}"]`);
    await blur();
  }

  test('flash cards by keyboard: Space flips, 3 grades Good, u undoes; the grade is kept across a reload', async () => {
    const { driver } = j;
    await fresh('');
    assert.match(await j.text('#card-question'), /beyond the trained length/);
    assert.equal(await driver.evaluate(() => document.querySelector('.grade-bar')?.checkVisibility() ?? false), false, 'no grades before the answer');
    await driver.press('Space');
    await j.waitFor('the answer side', () => !document.getElementById('card-back').hidden && document.querySelector('.grade-bar')?.checkVisibility());
    await driver.press('3');
    await announced(/Graded Good/);
    assert.doesNotMatch(await j.text('#card-question'), /beyond the trained length/, 'the next card is shown');
    await driver.press('u');
    await announced(/Last grade undone/);
    assert.equal((await stored()).log.length, 0, 'the undo is saved');
    assert.match(await j.text('#card-question'), /beyond the trained length/, 'the undone card is back');
    await driver.press('Space');
    await j.waitFor('the answer side again', () => document.querySelector('.grade-bar')?.checkVisibility());
    await driver.press('3');
    await announced(/Graded Good/);
    const saved = await driver.evaluate((key) => localStorage.getItem(key), KEY);
    assert.equal(JSON.parse(saved).cards[SEED_CARD].state, 1, 'the card is learning');
    await j.openView('?view=quiz', 'quiz');
    assert.equal(await driver.evaluate((key) => localStorage.getItem(key), KEY), saved, 'kept across the reload');
    assert.match(await j.text('#review-counts'), /new left today 9/);
    await j.assertClean('flash cards');
  });

  test('a typed answer: h shows a hint, t goes to the box, Enter marks each key point and suggests Hard', async () => {
    const { driver } = j;
    await fresh('&mode=review&seed=5&decks=foundations,rotary-and-beyond');
    const question = await j.text('#card-question');
    const card = cards.find((entry) => entry.question.startsWith(question.slice(0, 30)));
    const answer = rightAnswers.find((entry) => entry.card === card?.id)?.answer;
    assert.ok(card?.hints && answer, `the first card (${card?.id}) has a hint and a right answer in the fixtures`);
    await driver.press('h');
    await j.waitFor('the first hint', (hint) => document.querySelector('#card-hints li')?.textContent === hint, card.hints[0]);
    await driver.press('t');
    await j.waitFor('the answer box focused', () => document.activeElement?.id === 'card-typed');
    await driver.type('#card-typed', answer);
    await driver.press('Enter');
    const marked = await j.waitFor('the key points marked', () => {
      if (document.getElementById('card-back').hidden) return null;
      return {
        covered: document.querySelectorAll('#card-key-points li.covered').length,
        coverage: document.getElementById('card-coverage')?.textContent,
        suggested: document.querySelector('.grade.suggested')?.textContent,
      };
    });
    assert.equal(marked.covered, 5, `${driver.engine}: every key point found`);
    assert.match(
      marked.coverage,
      /^Your answer covers 5 of 5 key points\. Suggested grade: Hard\. You used 1 hint: a hint caps the suggestion at Hard \(Good without\)\.$/,
    );
    assert.match(marked.suggested, /^Hard/);
    await driver.evaluate(() => document.getElementById('card')?.focus());
    await driver.press('3'); // the learner may grade otherwise
    await announced(/Graded Good/);
    assert.equal((await stored()).log[0].rating, 3);
    await j.assertClean('a typed answer');
    await j.shot('quiz-typed-answer');
  });

  test('on a 360 px screen inside a course page, a typed answer opens its verdict in view and the host never scrolls', async () => {
    const { driver } = j;
    const seedAnswer = rightAnswers.find((entry) => entry.card === SEED_CARD)?.answer;
    // A phone-sized frame in a tall page on another origin: the verdict must come into the frame's view
    // by scrolling the frame's own document, never the page around it.
    const host = await startHost({
      '/phone': {
        body: `<!doctype html><html lang="en"><title>A course page</title><style>body{margin:0;height:3000px}</style>
          <iframe id="phone" src="${j.server.url}?view=quiz&mode=review&decks=core" title="posenc at 360 px" style="width:360px;height:640px;border:0"></iframe>`,
      },
    });
    const ready = () => document.documentElement.dataset.ready === 'true' && Boolean(document.getElementById('card-typed'));
    const frameReady = async (what) => {
      const deadline = Date.now() + 30_000;
      while (!(await driver.evaluateInFrame('#phone', ready).catch(() => false))) {
        assert.ok(Date.now() < deadline, `${driver.engine}: ${what}`);
        await driver.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(true))));
      }
    };
    try {
      await driver.open(host.url('/phone'));
      await frameReady('the card in the frame');
      // Progress from earlier journeys may share this storage: start the frame from none.
      await driver.evaluateInFrame('#phone', () => {
        localStorage.clear();
        location.reload();
      });
      await frameReady('the card after the reload');
      await driver.evaluateInFrame(
        '#phone',
        (typed) => {
          const box = /** @type {HTMLTextAreaElement} */ (document.getElementById('card-typed'));
          box.focus();
          box.value = typed;
          box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
        },
        seedAnswer,
      );
      const placed = await driver.evaluateInFrame('#phone', () => {
        const verdict = document.getElementById('card-coverage');
        if (!verdict) return null;
        const { top, bottom } = verdict.getBoundingClientRect();
        const grades = document.querySelector('.grade-bar').getBoundingClientRect();
        return { text: verdict.textContent, top, bottom, gradesTop: grades.top, height: window.innerHeight };
      });
      assert.equal(placed?.text, 'Your answer covers 5 of 5 key points. Suggested grade: Good.', `${driver.engine}: the verdict`);
      assert.ok(
        placed.top >= 0 && placed.bottom <= Math.min(placed.height, placed.gradesTop),
        `${driver.engine}: the verdict is in the frame's view, above the grades: ${JSON.stringify(placed)}`,
      );
      assert.equal(await driver.evaluate(() => window.scrollY), 0, `${driver.engine}: the course page did not scroll`);
    } finally {
      await driver.open('about:blank');
      await host.close();
    }
  });

  test('cram, the red-flag drill, a mock interview, then the stats count them', async () => {
    const { driver } = j;
    await fresh('&seed=7');
    await driver.press('Space');
    await j.waitFor('the answer side', () => document.querySelector('.grade-bar')?.checkVisibility());
    await driver.press('1');
    await announced(/Graded Again/);

    await mode('cram');
    await choose(driver, '#cram-scope', 'topic:Sinusoidal encoding');
    await j.waitFor('cram on one topic', () => document.querySelector('.cram-position')?.textContent === 'Card 1 of 3');
    const first = await j.text('#cram-card-question');
    await blur();
    await driver.press('ArrowRight');
    await j.waitFor('the next card', (before) => document.getElementById('cram-card-question')?.textContent !== before, first);
    assert.equal(await j.text('.cram-position'), 'Card 2 of 3');
    await driver.press('Space');
    await j.waitFor("the cram card's answer", () => document.getElementById('cram-card-back')?.checkVisibility());
    await j.shot('quiz-cram');

    await mode('red-flags');
    await choose(driver, '#red-flag-scope', 'tag:seed');
    await blur();
    await driver.press('t');
    const verdict = await j.waitFor('the verdict', () => document.querySelector('#red-flag-feedback .verdict')?.textContent);
    assert.match(verdict, /^(Right|Wrong): this is (a key point|a red flag) of “How do sinusoidal/);
    assert.ok(await driver.evaluate(() => document.querySelectorAll('#red-flag-feedback li, #red-flag-feedback p').length >= 2), 'the why is shown');
    await driver.press('ArrowRight');
    await j.waitFor('the next statement', () => document.getElementById('red-flag-feedback').textContent === '');
    await driver.press('f');
    await j.waitFor('the score so far', () => /\d\/2 right/.test(document.querySelector('.drill-position')?.textContent ?? ''));
    await j.shot('quiz-red-flags');

    await mode('mock');
    await choose(driver, '#mock-scope', 'tag:seed');
    await driver.click('#mock-start');
    assert.match(await j.waitFor('the clock', () => document.getElementById('mock-clock')?.textContent), /^20 s$/);
    await blur();
    await driver.press('Space');
    assert.equal(await j.waitFor('the checklist', () => document.querySelectorAll('input[data-kind="key"]').length), 5);
    for (const box of ['#mock-key-0', '#mock-key-1', '#mock-flag-0']) await driver.click(box);
    await j.shot('quiz-mock-interview');
    await driver.click('#mock-score');
    assert.match(await j.waitFor('the summary', () => document.getElementById('mock-summary')?.textContent), /Interview score: 15 \/ 100/);
    assert.equal(await driver.evaluate(() => document.querySelectorAll('#mock-review-next li').length), 1);

    await mode('stats');
    const stats = await j.waitFor('the stats', () => document.getElementById('mode-stats')?.textContent);
    assert.match(stats, /Total reviews1/);
    assert.match(await j.text('#stats-by-topic tbody'), /Absolute encodings10%/);
    await j.assertClean('quiz modes');
    await j.shot('quiz-stats');
  });

  test("the quiz's keys act only while the quiz is on screen", async () => {
    const { driver } = j;
    await fresh('');
    const counts = await j.text('#review-counts');
    await driver.click('.view-tabs a[data-view="position"]');
    await j.waitFor('the position view', () => document.querySelector('section[data-view="position"]')?.dataset.ready === 'true');
    await blur();
    for (const key of ['Space', '3', 'u', '?']) await driver.press(key);
    assert.equal(await stored(), null, 'nothing was graded');
    assert.equal(await driver.evaluate(() => document.getElementById('shortcuts-dialog').open), false, 'no dialog opened');
    assert.equal(await j.text('#quiz-announcer'), '');

    // Space scrolled the view, smoothly in WebKit: a click while it still moves could miss the tab.
    await driver.evaluate(
      () =>
        new Promise((settled) => {
          let last = NaN;
          let still = 0;
          const frame = () => {
            still = window.scrollY === last ? still + 1 : 0;
            last = window.scrollY;
            if (still >= 3) settled(true);
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        }),
    );
    await driver.click('.view-tabs a[data-view="quiz"]');
    await j.waitFor('the quiz', () => !document.querySelector('section[data-view="quiz"]').hidden);
    await blur();
    assert.equal(await j.text('#review-counts'), counts);
    await driver.press('Space');
    await j.waitFor('the card flipped', () => !document.getElementById('card-back').hidden);
    await driver.press('?');
    await j.waitFor('the shortcuts', () => document.getElementById('shortcuts-dialog').open);
    await driver.press('Escape');
    await j.waitFor('the shortcuts closed', () => !document.getElementById('shortcuts-dialog').open);
    await j.assertClean('keys by view');
  });
}
