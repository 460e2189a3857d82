// The 2024-2026 deck in the page: its cards load into the quiz, a card's answer opens, and its "See it live" link
// opens the view with the model preset the card is about, showing what the card says.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openSite, openView } from './browser.mjs';

const deck = JSON.parse(readFileSync('web/decks/2024-2026.json', 'utf8'));
const cardById = (id) => deck.cards.find((card) => card.id === id);

let site;
before(async () => {
  site = await openSite();
});
after(async () => {
  await site?.close();
});

test('Cram over the deck shows its cards; the Llama 3 card links to Llama 3.1 8B’s frequencies with its bands', async () => {
  const { page } = site;
  const card = cardById('llama3-rope-scaling-bands');
  await openView(site, `?view=quiz&mode=cram&scope=cards:${deck.cards.map((entry) => entry.id).join(',')}&card=${card.id}`, 'quiz');
  assert.equal(await page.locator('#cram-card-question').textContent(), card.question);
  await page.locator('#cram-card-flip').click();
  assert.equal(await page.locator('#cram-card .see-live a').count(), card.live.length);
  assert.deepEqual(
    await page.locator('#cram-card .see-live a').allTextContents(),
    card.live.map((link) => link.label),
  );
  await page.locator('#cram-card .see-live a').first().click();
  await page.waitForSelector('section[data-view="frequencies"][data-ready="true"]');
  assert.equal(new URL(page.url()).searchParams.get('model'), 'llama-3.1-8b');
  assert.equal(await page.locator('#freq-model').inputValue(), 'llama-3.1-8b', 'the preset is applied');
  assert.match(await page.locator('#freq-settings').textContent(), /^Llama 3\.1 8B\b/);
  // The card's 29 kept, 6 blended and 29 divided pairs, as the view draws them.
  const count = (band) => page.locator(`#freq-bands li.band-${band}`).count();
  assert.deepEqual([await count('kept'), await count('between'), await count('divided')], [29, 6, 29]);
  assert.match(card.solid, /29 kept, 6 blended and 29 divided/);
  assert.equal(await page.locator('#way-back').textContent(), '← Back to the card');
  assert.deepEqual(site.consoleErrors, []);
  assert.deepEqual(site.foreignRequests, []);
});

test('the M-RoPE card opens the grid view with M-RoPE axes, and the Scout card the position view at 100,000', async () => {
  const { page } = site;
  for (const [id, view, expected] of [
    ['mrope-multimodal-positions', 'grid', { axes: 'mrope' }],
    ['irope-nope-every-fourth-layer', 'position', { model: 'llama-4-scout', p: '100000' }],
  ]) {
    await openView(site, `?view=quiz&mode=cram&card=${id}`, 'quiz');
    assert.equal(await page.locator('#cram-card-question').textContent(), cardById(id).question);
    await page.locator('#cram-card-flip').click();
    await page.locator('#cram-card .see-live a').first().click();
    await page.waitForSelector(`section[data-view="${view}"][data-ready="true"]`);
    const params = new URL(page.url()).searchParams;
    for (const [name, value] of Object.entries(expected)) assert.equal(params.get(name), value, `${id}: ${name}`);
  }
  // What the Scout card says, live: the chunked RoPE layers' farthest key and the NoPE layers' query scale at 100,000.
  const rope = await page.locator('section[data-view="position"] .scheme-rope').first().innerText();
  assert.match(rope, /chunks of 8,192 keys \(36 layers\): the farthest key it sees is 1,696 back/);
  assert.match(rope, /every earlier key \(12 layers\).*queries are scaled by 1\.256/s);
  assert.match(JSON.stringify(cardById('irope-nope-every-fourth-layer')), /100,000 − 98,304 = 1,696/);
  assert.deepEqual(site.consoleErrors, []);
});
