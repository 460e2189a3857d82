// What Anki and Quizlet users expect, keyboard only: a typed answer marked against the key points,
// hints, the suggested grade; bury, suspend and unsuspend; a leech; catch-up after a break; the
// desired retention and the FSRS optimiser; the .apkg export; stats with drill history.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openSite } from './browser.mjs';

const { known, simulateLog } = await import('../js/simulated-reviews.mjs');
const { readAnkiPackage } = await import('anki-reader');

const KEY = 'posenc.quiz.progress';
const decks = Object.fromEntries(
  JSON.parse(readFileSync('web/decks/index.json', 'utf8')).decks.map((id) => [id, JSON.parse(readFileSync(`web/decks/${id}.json`, 'utf8'))]),
);
// Right answers from the development sets (tests/js/fixtures/dev-answers/) that state every key point.
const rightAnswers = ['foundations', 'rotary-and-beyond']
  .flatMap((id) => JSON.parse(readFileSync(`tests/js/fixtures/dev-answers/${id}.json`, 'utf8')).answers)
  .filter((entry) => entry.kind === 'right' && entry.covered.length === 5);

let site;
before(async () => {
  site = await openSite();
});
after(async () => {
  await site?.close();
});

/** Opens the quiz with `progress` stored (null: none), in `mode`, drawing from `deckIds`. */
async function open(mode, { progress = null, deckIds = null } = {}) {
  const { page, url } = site;
  await page.goto(`${url}?view=quiz&mode=manage`);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
  await page.evaluate(
    ([key, value]) => {
      localStorage.clear();
      if (value) localStorage.setItem(key, value);
    },
    [KEY, progress && JSON.stringify(progress)],
  );
  await page.goto(`${url}?view=quiz&mode=${mode}&seed=5${deckIds ? `&decks=${deckIds}` : ''}`);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
}
const stored = () => site.page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), KEY);
const announced = (pattern) =>
  site.page.waitForFunction((source) => new RegExp(source).test(document.getElementById('quiz-announcer').textContent), pattern.source, { timeout: 10_000 });
const empty = (settings = {}) => ({ version: 1, settings: { newPerDay: 10, ...settings }, cards: {}, log: [] });
const reviewCard = (due, extra = {}) => ({
  due,
  stability: 5,
  difficulty: 5,
  elapsed_days: 5,
  scheduled_days: 5,
  learning_steps: 0,
  reps: 4,
  lapses: 0,
  state: 2,
  last_review: new Date(Date.parse(due) - 5 * 86_400_000).toISOString(),
  ...extra,
});

test('typed answer: h shows a hint, t types, Enter flips and marks each key point; the suggestion is capped at Hard', async () => {
  const { page } = site;
  await open('review', { deckIds: 'foundations,rotary-and-beyond' });
  const id = await page.evaluate(() => document.getElementById('card-question').textContent);
  const card = [...decks.foundations.cards, ...decks['rotary-and-beyond'].cards].find((entry) => entry.question.startsWith(id.slice(0, 30)));
  assert.ok(card.hints && card.keyPointTerms, `the first card (${card.id}) has hints and key-point terms`);
  const answer = rightAnswers.find((entry) => entry.card === card.id).answer;
  await page.keyboard.press('h');
  assert.equal(await page.locator('#card-hints li').count(), 1);
  assert.equal(await page.locator('#card-hints li').textContent(), card.hints[0]);
  await page.keyboard.press('t');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'card-typed');
  await page.keyboard.insertText(answer);
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('#card-back').isVisible(), true, 'Enter in the box shows the answer');
  assert.equal(await page.locator('#card-key-points li.covered').count(), 5);
  assert.match(
    await page.locator('#card-coverage').textContent(),
    /^Your answer covers 5 of 5 key points\. Suggested grade: Hard\. You used 1 hint: a hint caps the suggestion at Hard \(Good without\)\.$/,
  );
  assert.match(await page.locator('.grade.suggested').textContent(), /^Hard/);
  await page.keyboard.press('3'); // the learner may grade otherwise
  assert.equal((await stored()).log[0].rating, 3);
});

test('a partial typed answer: the missed key points say so and Again or Hard is suggested', async () => {
  const { page } = site;
  await open('review', { deckIds: 'foundations,rotary-and-beyond' });
  await page.keyboard.press('t');
  await page.keyboard.insertText('No idea, something about the embeddings being too small.');
  await page.keyboard.press('Enter');
  assert.equal(await page.locator('#card-key-points li.missed').count(), 5);
  assert.match(await page.locator('#card-key-points li.missed .coverage').first().textContent(), /not found in your answer/);
  assert.match(await page.locator('.grade.suggested').textContent(), /^Again/);
});

test('- buries until tomorrow and @ suspends; Stats lists the suspended card and Unsuspend brings it back', async () => {
  const { page } = site;
  await open('review', { deckIds: 'foundations' });
  const first = await page.locator('#card-question').textContent();
  await page.keyboard.press('-');
  await announced(/Card buried until tomorrow/);
  const second = await page.locator('#card-question').textContent();
  assert.notEqual(second, first);
  await page.keyboard.press('@');
  await announced(/Card suspended/);
  const marks = Object.values((await stored()).marks);
  assert.equal(marks.length, 2);
  assert.ok(Date.parse(marks.find((mark) => mark.buriedUntil).buriedUntil) > Date.now());
  assert.ok(marks.some((mark) => mark.suspended === true));
  await open('stats', { progress: await stored() });
  assert.equal(await page.locator('#stats-suspended li').count(), 1);
  await page.locator('#stats-suspended button').focus();
  await page.keyboard.press('Enter');
  await announced(/unsuspended/);
  assert.equal(Object.values((await stored()).marks).filter((mark) => mark.suspended).length, 0);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'stats-suspended-heading', "focus stays in the list's place");
});

test('the 8th lapse tags a leech, announced in Review and listed in Stats', async () => {
  const { page } = site;
  const id = decks.core.cards[0].id;
  await open('review', { progress: { ...empty(), cards: { [id]: reviewCard(new Date(Date.now() - 3_600_000).toISOString(), { lapses: 7 }) } } });
  await page.keyboard.press('Space');
  await page.keyboard.press('1');
  await announced(/lapsed 8 times and is tagged leech/);
  assert.equal((await stored()).marks[id].leech, true);
  await open('stats', { progress: await stored() });
  assert.match(await page.locator('#stats-leeches').textContent(), /beyond the trained length.*\(8 lapses\)/);
});

test('catch-up spreads a pile of overdue cards over the chosen days', async () => {
  const { page } = site;
  const ids = [...decks.foundations.cards, ...decks['rotary-and-beyond'].cards].slice(0, 25).map((card) => card.id);
  const longAgo = new Date(Date.now() - 20 * 86_400_000).toISOString();
  await open('review', { progress: { ...empty(), cards: Object.fromEntries(ids.map((id) => [id, reviewCard(longAgo)])) } });
  assert.match(await page.locator('#catch-up').textContent(), /25 cards have been overdue since before today/);
  assert.match(await page.locator('#review-counts').textContent(), /Due now 25/);
  await page.locator('#catch-up-days').focus();
  await page.keyboard.press('ArrowDown'); // 5 -> 7 days
  assert.equal(await page.locator('#catch-up-days').inputValue(), '7');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await announced(/Catch-up: 4 overdue cards stay for today; 21 more come back over the next 6 days/);
  assert.match(await page.locator('#review-counts').textContent(), /Due now 4 /);
  assert.equal(await page.locator('#catch-up').isVisible(), false);
});

test("desired retention and the optimiser: fitted on the learner's own log, log-loss before and after shown", async () => {
  const { page } = site;
  await open('manage', { progress: { ...empty(), log: simulateLog(known, 120, 3, new Date(Date.now() - 400 * 86_400_000)) } });
  await page.locator('#desired-retention').focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0.85');
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => /Desired retention: 0\.85/.test(document.getElementById('scheduling-status').textContent));
  assert.equal((await stored()).settings.desiredRetention, 0.85);
  assert.match(await page.locator('#optimiser-state').textContent(), /^\d+ of your reviews can train the optimiser/);
  await page.locator('#optimise-fsrs').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /^(Optimised|Not changed)/.test(document.getElementById('scheduling-status').textContent), null, { timeout: 60_000 });
  const text = await page.locator('#scheduling-status').textContent();
  const [, before, afterLoss] = /(\d\.\d{3}) with the parameters in use, (\d\.\d{3}) optimised/.exec(text);
  assert.ok(Number(afterLoss) < Number(before), text);
  const { settings } = await stored();
  assert.equal(settings.parameters.length, 21);
  assert.equal(settings.optimised.logLossAfter.toFixed(3), afterLoss);
  assert.match(await page.locator('#optimiser-state').textContent(), /In use: your own parameters/);
});

test('the optimiser is not offered below its minimum review count', async () => {
  const { page } = site;
  await open('manage', { progress: { ...empty(), log: simulateLog(known, 5, 3, new Date(Date.now() - 400 * 86_400_000)) } });
  assert.equal(await page.locator('#optimise-fsrs').isDisabled(), true);
  assert.match(
    await page.locator('#optimiser-state').textContent(),
    /once you have 200 reviews made a day or more after the card's previous one; you have \d+\./,
  );
});

test("the .apkg export is a package Anki's format readers open, with every deck and card", async () => {
  const { page } = site;
  await open('manage');
  await page.locator('#export-apkg').focus();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.keyboard.press('Enter')]);
  assert.match(download.suggestedFilename(), /^posenc-decks-\d{4}-\d{2}-\d{2}\.apkg$/);
  const { collection } = await readAnkiPackage(new Blob([readFileSync(await download.path())]));
  const ankiDecks = Object.values(collection.getDecks()).filter((deck) => deck.getRawDeck().name.startsWith('posenc::'));
  const deckCount = Object.keys(decks).length;
  assert.equal(ankiDecks.length, deckCount);
  const notes = ankiDecks.reduce((sum, deck) => sum + Object.keys(deck.getCards()).length, 0);
  assert.equal(
    notes,
    Object.values(decks).reduce((sum, deck) => sum + deck.cards.length, 0),
    'every card, computed ones drawn',
  );
  await page.waitForFunction(
    (count) => new RegExp(`^Exported \\d+ notes in ${count} decks as an Anki package`).test(document.getElementById('progress-status').textContent),
    deckCount,
  );
});

test('a finished mock interview is in the Stats history; Stats shows seen, a 30-day forecast, retention by deck', async () => {
  const { page } = site;
  await open('mock');
  await page.locator('#mock-seconds').focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  for (let question = 0; question < 3; question++) {
    await page.waitForFunction(() => document.activeElement?.id === 'mock-reveal');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#mock-score');
    await page.keyboard.press('Space'); // ticks the first key point (it has the focus)
    await page.locator('#mock-score').focus();
    await page.keyboard.press('Enter');
  }
  await page.waitForSelector('#mock-summary');
  const [entry] = (await stored()).history;
  assert.equal(entry.kind, 'mock-interview');
  assert.equal(entry.items, 3);
  await open('review', { progress: await stored(), deckIds: 'foundations' });
  await page.keyboard.press('Space');
  await page.keyboard.press('3');
  await open('stats', { progress: await stored() });
  assert.match(
    await page.locator('.stat-figures').textContent(),
    new RegExp(`Seen1 of ${Object.values(decks).reduce((sum, deck) => sum + deck.cards.length, 0)}(?!\\d)`),
  );
  assert.equal(await page.locator('#stats-forecast li').count(), 30);
  assert.ok((await page.locator('#stats-by-deck').textContent()).includes(`${decks.foundations.title}1100%`), 'one review of the foundations deck, not Again');
  assert.match(await page.locator('#stats-history').textContent(), new RegExp(`Mock interview3${entry.score}/100`));
});

test('a full pass of the red-flag drill is one entry in the history, with its score', async () => {
  const { page } = site;
  await open('red-flags');
  await page.locator('#red-flag-scope').focus();
  await page.locator('#red-flag-scope').selectOption('tag:bert');
  await page.keyboard.press('Tab'); // out of the picker: the drill's keys act once the focus is on its controls
  const count = Number(/of (\d+)/.exec(await page.locator('#mode-red-flags .drill-position').textContent())[1]);
  assert.ok(count >= 2, `${count} statements`);
  for (let i = 0; i < count; i++) {
    assert.equal((await stored())?.history?.length ?? 0, 0, 'nothing recorded before the pass ends');
    await page.keyboard.press('t');
    await page.keyboard.press('ArrowRight');
  }
  const [entry] = (await stored()).history;
  const right = Number(/ (\d+)\/\d+ right/.exec(await page.locator('#mode-red-flags .drill-position').textContent())[1]);
  assert.deepEqual({ kind: entry.kind, items: entry.items, score: entry.score }, { kind: 'red-flags', items: count, score: Math.round((100 * right) / count) });
});
