// The first review day as a new learner meets it, at a fixed clock (10:00 local): new cards mixed
// across decks and topics with computed cards among them, the Review's deck choice, and honest
// words when nothing is left to show.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openSite } from './browser.mjs';

const TEN_AM = new Date(2026, 2, 10, 10, 0, 0);
const deckIds = JSON.parse(readFileSync('web/decks/index.json', 'utf8')).decks;
const cardCount = deckIds.reduce((sum, id) => sum + JSON.parse(readFileSync(`web/decks/${id}.json`, 'utf8')).cards.length, 0);
let site;
before(async () => {
  site = await openSite();
  await site.page.clock.setFixedTime(TEN_AM);
  await site.page.goto(`${site.url}?view=quiz&seed=5`);
  await site.page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
});
after(async () => {
  await site?.close();
});

const counts = () => site.page.locator('#review-counts').textContent();

/** The card on screen once it is ready (a computed card waits for the engine): its topic and kind. */
async function cardOnScreen(page) {
  await page.waitForFunction(() => !document.getElementById('card-flip').disabled || document.querySelector('#card .computed-answer input'));
  const computed = (await page.locator('#card .computed-answer input').count()) > 0;
  return { topic: await page.locator('#card .card-topic').textContent(), computed };
}

test('day one: ten new cards, conceptual first, computed ones mixed in, many topics', async () => {
  const { page } = site;
  const day = [];
  for (let i = 0; i < 10; i++) {
    const card = await cardOnScreen(page);
    day.push(card);
    if (card.computed) {
      await page.locator('#card .computed-answer input').focus();
      await page.keyboard.type('1');
      await page.keyboard.press('Enter');
    } else {
      await page.keyboard.press('Space');
    }
    await page.keyboard.press('4'); // Easy: into review, so no learning card comes back today
  }
  assert.ok(
    day.slice(0, 3).every((card) => !card.computed),
    `conceptual cards first: ${JSON.stringify(day)}`,
  );
  const computed = day.filter((card) => card.computed).length;
  assert.ok(computed >= 2 && computed <= 3, `${computed} computed cards in the first ten`);
  assert.ok(new Set(day.map((card) => card.topic)).size >= 6, `topics: ${day.map((card) => card.topic).join(', ')}`);
  // Nothing left today: the counts and the message say why, and what comes next.
  assert.equal(await counts(), 'Due now 0 · later today 0 · new left today 0');
  const message = await page.locator('#card-question').textContent();
  assert.match(message, new RegExp(`Today's new cards are done; ${cardCount - 10} new cards wait for the coming days`));
  assert.match(message, /The next card is due/);
});

test('a card in relearning that comes back later today is counted and announced, not hidden behind "Due 0"', async () => {
  const { page } = site;
  const progress = await page.evaluate(() => JSON.parse(localStorage.getItem('posenc.quiz.progress')));
  const [relearnId] = Object.keys(progress.cards);
  progress.cards[relearnId] = { ...progress.cards[relearnId], state: 3, due: new Date(2026, 2, 10, 11, 0, 0).toISOString(), lapses: 1 };
  await page.evaluate((text) => localStorage.setItem('posenc.quiz.progress', text), JSON.stringify(progress));
  await page.reload();
  await page.waitForSelector('html[data-ready="true"]');
  assert.equal(await counts(), 'Due now 0 · later today 1 · new left today 0');
  assert.match(await page.locator('#card-question').textContent(), /1 card you are learning or relearning comes back today, the first at 11:00/);
});

test('Review draws from the decks the learner ticks; the choice is in the URL and kept in this browser', async () => {
  const { page } = site;
  await page.evaluate(() => localStorage.removeItem('posenc.quiz.progress'));
  await page.reload();
  await page.waitForSelector('html[data-ready="true"]');
  assert.equal(await page.locator('#review-decks summary').textContent(), `Decks: all ${deckIds.length}`);
  await page.locator('#review-decks summary').click();
  for (const deck of deckIds.filter((id) => id !== 'computed')) await page.locator(`#review-deck-${deck}`).uncheck();
  assert.equal(await page.locator('#review-decks summary').textContent(), `Decks: 1 of ${deckIds.length}`);
  await page.waitForFunction(() => /[?&]decks=computed\b/.test(location.search));
  assert.equal((await cardOnScreen(page)).computed, true, 'only computed cards now');
  assert.equal(await counts(), 'Due now 0 · later today 0 · new left today 10');
  // Without decks= in the URL, this browser remembers the choice.
  await page.goto(`${site.url}?view=quiz`);
  await page.waitForSelector('html[data-ready="true"]');
  assert.equal(await page.locator('#review-decks summary').textContent(), `Decks: 1 of ${deckIds.length}`);
  // No deck ticked: the message says what to do.
  await page.locator('#review-decks summary').click();
  await page.locator('#review-deck-computed').uncheck();
  assert.match(await page.locator('#card-question').textContent(), /No deck is chosen for review/);
  await page.locator('#review-deck-core').check();
  assert.match(await page.locator('#card-question').textContent(), /beyond the trained length/);
});

test('no console errors and no requests to other origins', () => {
  assert.deepEqual(site.consoleErrors, []);
  assert.deepEqual(site.foreignRequests, []);
});
