// Cards and views link both ways: a card's "See it live" opens its view with the card's settings
// and a way back to the same card (a link and the history); every view, each position column and
// each lesson step has "Quiz me on this", a Cram session over its cards with a way back; the mock
// interview's "review these next" and the stats' weak topics open their cards.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openSite, openView } from './browser.mjs';

const decks = JSON.parse(readFileSync('web/decks/index.json', 'utf8')).decks.map((id) => JSON.parse(readFileSync(`web/decks/${id}.json`, 'utf8')));
const cards = decks.flatMap((deck) => deck.cards);

let site;
before(async () => {
  site = await openSite();
});
after(async () => {
  await site?.close();
});

const open = (query, view) => openView(site, query, view);
/** Moves the page to `query` the way Back and Forward do (no reload): the history entry, then popstate. */
const visit = (query) =>
  site.page.evaluate((search) => {
    history.pushState(null, '', search);
    dispatchEvent(new PopStateEvent('popstate'));
  }, query);
const settingsOf = (url) => Object.fromEntries([...new URL(url).searchParams].filter(([name]) => !['view', 'back'].includes(name)));
/** The card Cram shows now, by its question. */
const cramQuestion = () => site.page.locator('#cram-card-question').textContent();

test('"See it live" opens the view with the card\'s settings; "Back to the card" and Back return to the same card', async () => {
  const { page } = site;
  const card = cards.find((entry) => entry.id === 'sinusoidal-vs-learned-beyond-length');
  await open(`?view=quiz&mode=cram&card=${card.id}`, 'quiz');
  assert.equal(await cramQuestion(), card.question);
  await page.locator('#cram-card-flip').click();
  const links = page.locator('#cram-card .see-live a');
  assert.deepEqual(
    await links.allTextContents(),
    card.live.map((link) => link.label),
  );
  await links.first().click();
  await page.waitForSelector('section[data-view="position"][data-ready="true"]');
  // The card's settings; the view may add its own (scaling=none) once it writes its state.
  const shown = settingsOf(page.url());
  assert.deepEqual({ p: shown.p, L: shown.L, d: shown.d, overflow: shown.overflow }, { p: '5000', L: '2048', d: '512', overflow: 'error' });
  assert.ok([undefined, 'none'].includes(shown.scaling), shown.scaling);
  assert.match(
    await page.locator('.scheme-learned .scheme-verdict').textContent(),
    /^No row 5,000: the table ends at row 2,047\. The lookup fails\.$/,
    'what the card says, live',
  );
  assert.equal(await page.locator('#way-back').textContent(), '← Back to the card');
  await page.locator('#way-back a').click();
  await page.waitForSelector('section[data-view="quiz"]:not([hidden])');
  assert.equal(await cramQuestion(), card.question);
  assert.equal(await page.locator('#way-back').isVisible(), false);
  await page.goBack();
  await page.waitForSelector('section[data-view="position"]:not([hidden])');
  await page.goBack();
  await page.waitForSelector('section[data-view="quiz"]:not([hidden])');
  assert.equal(await cramQuestion(), card.question);
  assert.equal(await page.locator('#cram-card').getAttribute('data-side'), 'back', 'Back finds the card as it was left, answer open');
});

test('every "See it live" link of every card opens its view, ready, with the settings the deck names', async () => {
  const { page } = site;
  const linked = cards.filter((card) => card.live);
  assert.ok(linked.length >= 30);
  await open('?view=quiz&mode=cram', 'quiz');
  for (const card of linked) {
    for (const [i, link] of card.live.entries()) {
      await visit(`?view=quiz&mode=cram&scope=all&card=${card.id}`);
      await page.waitForFunction((id) => document.getElementById('cram-card')?.dataset.cardId === id, card.id);
      // A computed card shows its back (and its links) once an answer is checked; any other flips.
      await page.waitForFunction(() => document.getElementById('cram-card-answer') || !document.getElementById('cram-card-flip').disabled);
      if (await page.locator('#cram-card-answer:not([readonly])').count()) {
        await page.locator('#cram-card-answer').fill('0');
        await page.locator('#cram-card-answer').press('Enter');
      } else if ((await page.locator('#cram-card').getAttribute('data-side')) === 'front') await page.locator('#cram-card-flip').click();
      await page.locator('#cram-card .see-live a').nth(i).click();
      await page.waitForSelector(`section[data-view="${link.view}"][data-ready="true"]:not([hidden])`, { timeout: 30_000 });
      const shown = settingsOf(page.url());
      for (const [name, value] of Object.entries(link.params)) assert.equal(shown[name], String(value), `${card.id}: ${link.label}: ${name}`);
      assert.equal(await page.locator('#way-back').textContent(), '← Back to the card', card.id);
      // A refusal on screen only where the link says there is one (a table asked for a row it lacks).
      const refusals = await page.locator(`section[data-view="${link.view}"] .problem:not(:empty)`).allTextContents();
      if (/there is no row/.test(link.label)) assert.match(refusals.join(), /no row \d+ exists/, `${card.id}: ${link.label}`);
      else assert.deepEqual(refusals, [], `${card.id}: ${link.label}: no refusal`);
      assert.doesNotMatch(await page.locator('#status').textContent(), /failed/);
    }
  }
  assert.deepEqual(site.consoleErrors, []);
});

/** Follows a "Quiz me on this" link; checks Cram's selection and that each card in it belongs; returns via "Back to ...". */
async function quizMe(link, scope, belongs, backLabel) {
  const { page } = site;
  const from = await page.locator('section.view:not([hidden])').getAttribute('data-view');
  await link.click();
  await page.waitForSelector('section[data-view="quiz"][data-ready="true"]:not([hidden])');
  await page.waitForFunction((wanted) => document.getElementById('cram-scope')?.value === wanted, scope);
  const count = Number(/of (\d+)$/.exec(await page.locator('.cram-position').textContent())[1]);
  assert.ok(count >= 1, `${scope}: ${count} cards`);
  for (let i = 0; i < count; i++) {
    const id = await page.locator('#cram-card').getAttribute('data-card-id');
    const card = cards.find((entry) => entry.id === id);
    assert.ok(card && belongs(card), `${scope}: ${id} belongs`);
    await page.locator('#mode-cram button', { hasText: 'Next' }).click();
  }
  assert.equal(await page.locator('#way-back').textContent(), `← Back to ${backLabel}`);
  await page.locator('#way-back a').click();
  await page.waitForSelector(`section[data-view="${from}"]:not([hidden])`);
}

test('"Quiz me on this" from every view, each position column and a lesson step: Cram over its cards, and back', async () => {
  const { page } = site;
  const tagged = (tag) => (card) => card.tags.includes(tag);
  const linksTo = (view) => (card) => (card.live ?? []).some((link) => link.view === view);
  await open('?view=encodings&scheme=rope&d=64', 'encodings');
  await quizMe(page.locator('#view-encodings .quiz-me'), 'tag:rope', tagged('rope'), 'Encodings');
  assert.equal(await page.locator('#enc-scheme').inputValue(), 'rope', 'back with the settings it had');
  await open('?view=position&p=3000&L=2048', 'position');
  await quizMe(page.locator('#view-position .view-header .quiz-me'), 'live:position', linksTo('position'), 'Position 3,000');
  for (const scheme of ['learned', 'sinusoidal', 'rope', 'alibi', 't5', 'nope']) {
    await quizMe(page.locator(`.scheme-${scheme} .quiz-me`), `tag:${scheme}`, tagged(scheme), 'Position 3,000');
  }
  await open('?view=model', 'model');
  await quizMe(page.locator('#view-model .quiz-me'), 'live:model', linksTo('model'), 'Toy model');
  await open('?view=frequencies&model=qwen2.5-7b', 'frequencies');
  await quizMe(page.locator('#view-frequencies .quiz-me'), 'live:frequencies', linksTo('frequencies'), 'RoPE frequencies');
  assert.equal(await page.locator('#freq-model').inputValue(), 'qwen2.5-7b', 'back with the model it had');
  await open('?view=grid&axes=axial&h=4', 'grid');
  await quizMe(page.locator('#view-grid .quiz-me'), 'live:grid', linksTo('grid'), 'Image positions');
  await open('?view=lesson&step=5', 'lesson');
  const stepCards = ['rope-rotation-relative-score', 'rope-interleaved-vs-rotate-half'];
  await quizMe(page.locator('.lesson-self-test .quiz-me'), `cards:${stepCards.join(',')}`, (card) => stepCards.includes(card.id), 'the lesson, step 5');
});

test('the mock interview\'s "review these next" and the stats\' weak topics open their cards', async () => {
  const { page } = site;
  await open('?view=quiz&mode=mock&seed=2', 'quiz');
  await page.locator('#mock-scope').selectOption('topic:Context extension');
  await page.locator('#mock-start').click();
  for (let i = 0; i < 3; i++) {
    await page.locator('#mock-reveal').click();
    await page.locator('#mock-score').click(); // nothing ticked: every answer is weak
  }
  const next = page.locator('#mock-review-next a');
  assert.equal(await next.count(), 3);
  const question = await next.nth(1).textContent();
  await next.nth(1).click();
  await page.waitForFunction((q) => document.getElementById('cram-card-question')?.textContent === q, question);
  assert.match(await page.locator('#cram-scope').inputValue(), /^cards:[a-z0-9-]+,[a-z0-9-]+,[a-z0-9-]+$/);
  assert.match(await page.locator('.cram-position').textContent(), /^Card 2 of 3$/);

  // Two reviews of one topic graded Again: its retention is 0%, a weak topic.
  await open('?view=quiz&mode=review', 'quiz');
  const topic = await page.locator('#card .card-topic').textContent();
  await page.locator('#card-flip').click();
  await page.locator('.grade-bar button[data-rating="1"]').click();
  await page.locator('button[data-mode="stats"]').click();
  const weak = page.locator('#stats-weak-topics a');
  assert.equal(await weak.count(), 1);
  assert.equal((await weak.textContent()).toLowerCase(), topic.toLowerCase());
  await weak.click();
  await page.waitForFunction(() => document.getElementById('cram-scope')?.value.startsWith('topic:'));
  const scoped = cards.filter((card) => card.topic.toLowerCase() === topic.toLowerCase());
  assert.match(await page.locator('.cram-position').textContent(), new RegExp(`^Card 1 of ${scoped.length}$`));
  assert.deepEqual(site.consoleErrors, []);
});
