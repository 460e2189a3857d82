// Learner-owned data that no stored or loaded content can corrupt: the page starts over every
// corrupt-storage shape, says what it set aside, keeps the rest and grades; backups are listed and
// downloadable; a deck loaded from a file is kept across reloads (checked again each time) until removed.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openSite } from './browser.mjs';
import { reviewedCard } from './progress-data.mjs';

let site;
before(async () => {
  site = await openSite();
});
after(async () => {
  await site?.close();
});

const KEY = 'posenc.quiz.progress';
const stored = (page) => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), KEY);

async function openQuiz(page, query = '?view=quiz') {
  await page.goto(`${site.url}${query}`);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
}

/** Reveals the card on screen (a computed card by answering it) and grades it Good. */
async function gradeGood(page) {
  await page.waitForFunction(() => !document.getElementById('card-flip').disabled || document.querySelector('#card .computed-answer input'));
  if (await page.locator('#card .computed-answer input:not([readonly])').count()) {
    await page.locator('#card .computed-answer input').fill('0');
    await page.keyboard.press('Enter');
  } else {
    await page.locator('#card-flip').click();
  }
  await page.locator('.grade-bar button[data-rating="3"]').click();
}

/** Valid progress for the first two shipped cards, three reviews, built in the page's own format. */
const validProgress = {
  version: 1,
  settings: { newPerDay: 10 },
  cards: {
    'sinusoidal-vs-learned-beyond-length': reviewedCard(),
    'why-positional-information': reviewedCard({
      due: '2020-01-03T00:00:00.000Z',
      stability: 2,
      difficulty: 4,
      elapsed_days: 0,
      scheduled_days: 2,
      reps: 1,
      last_review: '2020-01-01T00:00:00.000Z',
    }),
  },
  log: [
    { cardId: 'sinusoidal-vs-learned-beyond-length', rating: 3, state: 0, review: '2019-12-29T00:00:00.000Z' },
    { cardId: 'sinusoidal-vs-learned-beyond-length', rating: 3, state: 1, review: '2019-12-30T00:00:00.000Z' },
    { cardId: 'why-positional-information', rating: 3, state: 0, review: '2020-01-01T00:00:00.000Z' },
  ],
};
const first = 'sinusoidal-vs-learned-beyond-length';
const withChange = (change) => {
  const data = structuredClone(validProgress);
  change(data);
  return JSON.stringify(data);
};

// [name, stored text, reviews kept, what the notice says]
const shapes = [
  [
    'a review that is null',
    withChange((d) => {
      d.log[1] = null;
    }),
    2,
    /1 of 3 reviews \(progress\.log\[1\] must be an object; got null\)/,
  ],
  [
    'a card with difficulty null, reps -1, state 9',
    withChange((d) => {
      Object.assign(d.cards[first], { difficulty: null, reps: -1, state: 9 });
    }),
    3,
    /1 of 2 cards \(progress\.cards\["sinusoidal-vs-learned-beyond-length"\]\.difficulty must be a number from 0 to 10; got null\)/,
  ],
  [
    'a card with stability "abc"',
    withChange((d) => {
      d.cards[first].stability = 'abc';
    }),
    3,
    /\.stability must be a number from 0 to 36500; got "abc"/,
  ],
  [
    'a card with an invalid last_review',
    withChange((d) => {
      d.cards[first].last_review = 'not a date';
    }),
    3,
    /\.last_review must be a date/,
  ],
  [
    'cards named constructor and __proto__ with broken state',
    withChange((d) => {
      d.cards.constructor = { due: 'soon' };
      Object.defineProperty(d.cards, '__proto__', { value: { due: 5 }, enumerable: true });
    }),
    3,
    /2 of 4 cards/,
  ],
  ['truncated JSON', JSON.stringify(validProgress).slice(0, 200), 0, /Saved progress could not be read \(.*JSON.*\), so a fresh start was made/],
  ['a list instead of progress', '[null]', 0, /progress must be a JSON object; got a list/],
];

for (const [name, text, kept, notice] of shapes) {
  test(`stored progress with ${name}: the page starts, says what it set aside, keeps the rest and grades`, async () => {
    const { page } = site;
    await openQuiz(page);
    await page.evaluate(
      ([key, value]) => {
        localStorage.clear();
        localStorage.setItem(key, value);
      },
      [KEY, text],
    );
    await openQuiz(page);
    const shown = page.locator('#quiz-notice');
    assert.equal(await shown.isVisible(), true);
    assert.match(await shown.textContent(), notice);
    assert.equal((await stored(page))?.log.length ?? 0, kept, 'the valid reviews were kept and saved');
    await gradeGood(page);
    await page.waitForFunction(([key, count]) => JSON.parse(localStorage.getItem(key)).log.length === count, [KEY, kept + 1]);
    await page.locator('button[data-mode="manage"]').click();
    const backups = page.locator('#backup-list li');
    assert.equal(await backups.count(), 1);
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#download-backup-0').click()]);
    const saved = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
    assert.equal(saved, text, 'the backup downloads as the stored text, exactly');
    assert.deepEqual(site.consoleErrors, []);
  });
}

test('a second corruption keeps the first backup; each can be deleted', async () => {
  const { page } = site;
  await openQuiz(page);
  await page.evaluate(() => localStorage.clear());
  for (const text of ['{"first": ', '{"second": ']) {
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [KEY, text]);
    await openQuiz(page);
  }
  await page.locator('button[data-mode="manage"]').click();
  assert.equal(await page.locator('#backup-list li').count(), 2);
  await page.locator('#delete-backup-1').click();
  await page.locator('#confirm-dialog button[value="confirm"]').click();
  await page.waitForFunction(() => document.querySelectorAll('#backup-list li').length === 1);
  const left = await page.evaluate(() => JSON.parse(localStorage.getItem('posenc.quiz.progress.backups')).map((backup) => backup.text));
  assert.deepEqual(left, ['{"second": ']);
});

test('an import with broken entries says what it keeps and what it refuses before anything changes', async () => {
  const { page } = site;
  await openQuiz(page);
  await page.evaluate(() => localStorage.clear());
  await openQuiz(page, '?view=quiz&mode=manage');
  const text = withChange((d) => {
    d.log.push(null);
    d.cards[first].stability = 'abc';
  });
  await page.locator('#progress-file').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.waitForSelector('#confirm-dialog[open]'); // the file is read and checked first
  const message = await page.locator('#confirm-dialog .confirm-message').textContent();
  assert.match(message, /It keeps 1 card and 3 reviews\. These cannot be read and will be left out: 1 of 2 cards, 1 of 4 reviews/);
  await page.locator('#confirm-dialog button[value="confirm"]').click();
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, KEY);
  assert.equal((await stored(page)).log.length, 3);
  const huge = Buffer.alloc(5 * 1024 * 1024, 32);
  await page.locator('#progress-file').setInputFiles({ name: 'huge.json', mimeType: 'application/json', buffer: huge });
  await page.waitForFunction(() => /progress files may be at most 4,194,304 bytes/.test(document.getElementById('progress-status').textContent));
  assert.equal(await page.locator('#progress-status').isVisible(), true, 'the refusal is on screen');
  assert.equal(await page.locator('#confirm-dialog').evaluate((dialog) => dialog.open), false, 'no dialog for a file past the limit');
});

const extraDeck = {
  id: 'kept-deck',
  title: 'מיקום Positions',
  version: 1,
  // An instructor's deck that matches typed answers by the key points' own words.
  requireKeyPointTerms: false,
  cards: [
    {
      id: 'kept-deck-card',
      topic: 'Kept',
      tags: ['kept'],
      question: 'Is a loaded deck kept after a reload?',
      keyPoints: ['It is kept until removed.'],
      basic: 'Yes.',
      solid: 'Yes, and it is checked again each time.',
      sources: ['This test, tests/browser/stored-data.test.mjs'],
    },
  ],
};

test('a deck loaded from a file is kept across reloads, checked again each time, until removed', async () => {
  const { page } = site;
  await openQuiz(page);
  await page.evaluate(() => localStorage.clear());
  await openQuiz(page, '?view=quiz&mode=manage');
  await page.locator('#deck-file').setInputFiles({ name: 'kept.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(extraDeck)) });
  await page.waitForFunction(() => /מיקום Positions/.test(document.getElementById('deck-list').textContent));
  await openQuiz(page, '?view=quiz&mode=manage');
  const item = page.locator('#deck-list li', { hasText: 'Positions' });
  assert.equal(await item.count(), 1, 'still loaded after the reload');
  assert.equal(await item.locator('bdi').textContent(), extraDeck.title, 'the title is isolated from the text around it');

  // A stored deck the page now refuses is reported, not trusted, and stays listed until removed.
  await page.evaluate(() => {
    const decks = JSON.parse(localStorage.getItem('posenc.quiz.decks'));
    decks[0].text = decks[0].text.replace('"version":1', '"version":0');
    localStorage.setItem('posenc.quiz.decks', JSON.stringify(decks));
  });
  await openQuiz(page, '?view=quiz&mode=manage');
  assert.match(
    await page.locator('#quiz-deck-errors').textContent(),
    /Deck "kept-deck" \(file kept\.json\), version: must be a whole number from 1; got number 0/,
  );
  assert.match(await page.locator('#stored-deck-list').textContent(), /file kept\.json: could not be loaded/);
  await page.locator('#remove-deck-0').click();
  await page.locator('#confirm-dialog button[value="confirm"]').click();
  await page.waitForFunction(() => document.getElementById('quiz-deck-errors').hidden);
  assert.equal(await page.evaluate(() => localStorage.getItem('posenc.quiz.decks')), null);
  await openQuiz(page, '?view=quiz&mode=manage');
  assert.equal(await page.locator('#deck-list li', { hasText: 'Positions' }).count(), 0, 'gone after removal and reload');
});

test('unreadable stored decks never block the start, and can be removed', async () => {
  const { page } = site;
  await page.evaluate(() => localStorage.setItem('posenc.quiz.decks', '{"not": "a list"'));
  await openQuiz(page, '?view=quiz&mode=manage');
  await page.locator('#remove-stored-decks').click();
  await page.locator('#confirm-dialog button[value="confirm"]').click();
  await page.waitForFunction(() => localStorage.getItem('posenc.quiz.decks') === null);
  await openQuiz(page);
  await gradeGood(page);
});

test('no console errors', () => {
  assert.deepEqual(site.consoleErrors, []);
  assert.deepEqual(site.foreignRequests, []);
});
