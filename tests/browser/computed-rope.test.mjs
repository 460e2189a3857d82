// The RoPE computed cards in Cram: each renders its drawn question, takes the engine's answer as right
// and a wrong one as wrong, and shows its worked explanation; the card's back has no serious axe
// violations. The expected answers come from the same templates run by node on the same engine.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { axeViolations, openSite, openView } from './browser.mjs';
import { loadForTests } from '../js/load.mjs';
import { ropeClosedForms } from '../js/computed-rope-reference.mjs';

const { computedTemplates } = await import(new URL('../../dist/quiz/computed-templates.js', import.meta.url));
const { formatNumber } = await import(new URL('../../dist/quiz/computed-format.js', import.meta.url));
const deck = JSON.parse(readFileSync('web/decks/computed.json', 'utf8'));
const ropeCards = Object.keys(ropeClosedForms).map((template) => deck.cards.find((card) => card.computed.template === template));

let site;
let engine;
before(async () => {
  engine = await loadForTests();
  site = await openSite({ bypassCSP: true });
});
after(async () => {
  await site?.close();
});

/** The parameters a shown question was drawn with, read back from its text (the card's own {name} slots). */
function drawnParams(card, question) {
  const names = [];
  const pattern = card.question.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{([a-zA-Z][a-zA-Z0-9]*)\\\}/g, (_, name) => {
    names.push(name);
    return '([^ ,?]+?)';
  });
  const match = new RegExp(`^${pattern}$`).exec(question);
  assert.ok(match, `"${question}" reads as "${card.question}"`);
  // Slots the question does not show have one choice (the model a card is about).
  const fixed = Object.fromEntries(Object.entries(card.computed.params).map(([name, spec]) => [name, spec.choices[0]]));
  return { ...fixed, ...Object.fromEntries(names.map((name, i) => [name, Number(match[i + 1])])) };
}

/** Moves Cram to a card the way Back and Forward do (no reload). */
async function visitCard(id) {
  const { page } = site;
  await page.evaluate((search) => {
    history.pushState(null, '', search);
    dispatchEvent(new PopStateEvent('popstate'));
  }, `?view=quiz&mode=cram&scope=all&card=${id}`);
  await page.waitForFunction((wanted) => document.getElementById('cram-card')?.dataset.cardId === wanted, id);
}

/** Opens the card in Cram, drawn afresh (from another card first), and returns the engine's answer for what it drew. */
async function showCard(card) {
  const { page } = site;
  await visitCard(deck.cards[0].id);
  await visitCard(card.id);
  await page.waitForSelector('#cram-card-answer:not([readonly])');
  const question = (await page.locator('#cram-card-question').textContent()).trim();
  const params = drawnParams(card, question);
  return computedTemplates[card.computed.template].compute(engine, params).answer;
}

async function answerWith(text) {
  const { page } = site;
  await page.locator('#cram-card-answer').fill(text);
  await page.locator('#cram-card-answer').press('Enter');
  await page.waitForSelector('#cram-card .computed-result:is(.correct, .wrong)');
  return page.locator('#cram-card .computed-result').getAttribute('class');
}

test('each RoPE computed card renders, takes the right answer, refuses a wrong one, and explains', async () => {
  const { page } = site;
  await openView(site, '?view=quiz&mode=cram', 'quiz');
  for (const card of ropeCards) {
    const answer = await showCard(card);
    assert.match(await answerWith(String(answer)), /\bcorrect\b/, `${card.id}: ${answer} is right`);
    assert.equal(await page.locator('#cram-card').getAttribute('data-side'), 'back', card.id);
    const explanation = await page.locator('#cram-card .computed-explanation').textContent();
    assert.ok(explanation.includes(formatNumber(answer)), `${card.id}: the explanation names ${formatNumber(answer)}: ${explanation}`);
    assert.match(await page.locator('#cram-card .computed-answer-value').textContent(), new RegExp(`^Answer: ${answer.toFixed(4).replace('.', '\\.')}$`));

    // A new drawing, answered off by more than the tolerance.
    const next = await showCard(card);
    const wrong = next + card.computed.tolerance + 1;
    assert.match(await answerWith(String(wrong)), /\bwrong\b/, `${card.id}: ${wrong} is wrong (answer ${next})`);
    assert.match(await page.locator('#cram-card .computed-result').textContent(), /^Not quite: the answer is /);
  }
  assert.deepEqual(await axeViolations(page, '#cram-card'), [], 'the last card, back shown');
  assert.deepEqual(site.consoleErrors, []);
  assert.deepEqual(site.foreignRequests, []);
});
