// Drills, mock interview, a hostile deck rendering inert, and axe-core on the quiz.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { axeViolations, openSite } from './browser.mjs';

let site;
before(async () => {
  site = await openSite();
  await site.page.goto(`${site.url}?view=quiz&seed=7`);
  await site.page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
});
after(async () => {
  mkdirSync('test-results', { recursive: true });
  await site?.page.screenshot({ path: 'test-results/quiz-modes.png', fullPage: true });
  await site?.close();
});

// Switch modes by mouse, then hand the keyboard back to the page (focus off the clicked button).
const mode = async (name) => {
  await site.page.locator(`button[data-mode="${name}"]`).click();
  await site.page.evaluate(() => document.activeElement.blur());
};

test('red-flag drill: judge with t/f, then see why', async () => {
  const { page } = site;
  await mode('red-flags');
  await page.locator('#red-flag-scope').selectOption('tag:seed');
  await page.locator('body').press('t');
  const verdict = await page.locator('#red-flag-feedback .verdict').textContent();
  assert.match(verdict, /^(Right|Wrong): this is (a key point|a red flag) of “How do sinusoidal/);
  assert.ok((await page.locator('#red-flag-feedback li, #red-flag-feedback p').count()) >= 2, 'the why is shown');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.locator('#red-flag-feedback').textContent(), '');
  await page.locator('body').press('f');
  assert.match(await page.locator('.drill-position').first().textContent(), /\d\/2 right/);
  await page.screenshot({ path: 'test-results/red-flag-drill.png' });
});

test('red-flag drill: true and false statements in one form, "false if quoted" no better than chance', async () => {
  const { page } = site;
  await mode('red-flags');
  await page.locator('#red-flag-scope').selectOption('all');
  await page.evaluate(() => document.activeElement.blur());
  const seen = [];
  for (let i = 0; i < 40; i++) {
    const text = await page.locator('.drill-statement').textContent();
    await page.keyboard.press('t');
    const truth = /this is a key point/.test(await page.locator('#red-flag-feedback .verdict').textContent());
    seen.push({ text, truth });
    await page.keyboard.press('ArrowRight');
  }
  assert.deepEqual(
    seen.filter(({ text }) => /^["“]|["”]$/.test(text)),
    [],
    'no statement shown in quotation marks',
  );
  const quotedRule = seen.filter(({ text, truth }) => /["“”]/.test(text) === !truth).length;
  assert.ok(quotedRule <= 26, `"false if quoted" got ${quotedRule} of 40`);
  const truths = seen.filter(({ truth }) => truth).length;
  assert.ok(truths >= 10 && truths <= 30, `${truths} of 40 true: the drill holds as many of each`);
  const questions = JSON.parse(readFileSync('web/decks/index.json', 'utf8')).decks.flatMap((deck) =>
    JSON.parse(readFileSync(`web/decks/${deck}.json`, 'utf8')).cards.map((card) => card.question),
  );
  assert.ok(questions.includes(await page.locator('#mode-red-flags .drill-context').textContent()), "the card's question is the context");
});

test('mock interview: countdown, reveal, tick, score and what to review', async () => {
  const { page } = site;
  await mode('mock');
  await page.locator('#mock-scope').selectOption('tag:seed');
  await page.locator('#mock-start').click();
  assert.match(await page.locator('#mock-clock').textContent(), /^20 s$/);
  await page.keyboard.press('Space');
  const keys = page.locator('input[data-kind="key"]');
  assert.equal(await keys.count(), 5);
  await keys.nth(0).check();
  await keys.nth(1).check();
  await page.locator('input[data-kind="flag"]').nth(0).check();
  await page.screenshot({ path: 'test-results/mock-interview.png', fullPage: true });
  await page.locator('#mock-score').click();
  assert.match(await page.locator('#mock-summary').textContent(), /Interview score: 15 \/ 100/);
  assert.equal(await page.locator('#mock-review-next li').count(), 1);
});

test('stats count reviews and retention by topic', async () => {
  const { page } = site;
  await mode('review');
  await page.locator('body').press('Space');
  await page.keyboard.press('1');
  await mode('stats');
  assert.match(await page.locator('#mode-stats').textContent(), /Total reviews1/);
  assert.match(await page.locator('#stats-by-topic tbody').textContent(), /Absolute encodings10%/);
});

test('a deck full of XSS payloads renders inert', async () => {
  const { page } = site;
  const seed = JSON.parse(readFileSync('web/decks/core.json', 'utf8')).cards[0];
  const payloads = [
    '<script>window.__pwned = "script"</script>',
    '<img src=x onerror="window.__pwned = \'img\'">',
    '<svg onload="window.__pwned = \'svg\'"></svg>',
    '[x](javascript:window.__pwned=1) <a href="javascript:window.__pwned=1">a</a>',
  ];
  const hostile = {
    ...seed,
    id: 'xss-card',
    topic: 'XSS <b>topic</b>',
    question: `Q ${payloads[0]}`,
    keyPoints: payloads,
    keyPointTerms: payloads.map((payload) => [payload]),
    claims: [0, 1, 2, 3],
    basic: payloads.join('\n\n'),
    solid: `**${payloads[1]}** *${payloads[2]}* \`${payloads[0]}\``,
    code: { language: '<script>', source: payloads.join('\n') },
    explanation: [{ heading: payloads[1], text: payloads[2] }],
    followUps: [{ question: payloads[3], answer: payloads[0] }],
    redFlags: payloads,
    sources: payloads.map((payload) => `${payload}, section 1`),
  };
  await mode('manage');
  await page.locator('#deck-file').setInputFiles({
    name: 'xss.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ id: 'xss', title: 'XSS <i>deck</i>', version: 1, cards: [hostile] })),
  });
  await page.waitForFunction(
    () => /XSS <i>deck<\/i> — 1 card/.test(document.getElementById('deck-list').textContent) || !document.getElementById('quiz-deck-errors').hidden,
  );
  assert.equal(await page.locator('#quiz-deck-errors').isVisible(), false, await page.locator('#quiz-deck-errors').textContent());
  await mode('cram');
  await page.locator('#cram-scope').selectOption('tag:seed');
  await page.evaluate(() => document.activeElement.blur());
  // The seed tag is on both the seed card and the hostile copy; find the copy.
  for (let i = 0; i < 2 && !/XSS/.test(await page.locator('#cram-card .card-topic').textContent()); i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  for (const summary of await page.locator('#cram-card summary').all()) await summary.click();
  assert.match(await page.locator('#cram-card-question').textContent(), /<script>window.__pwned/);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.locator('#cram-card script, #cram-card img, #cram-card svg, #cram-card iframe, #cram-card a[href^="javascript:"]').count(), 0);
  assert.equal(await page.locator('#quiz script, #quiz img, #quiz svg').count(), 0);
  await page.screenshot({ path: 'test-results/xss-deck.png', fullPage: true });
  // The drills and the mock interview render red flags, follow-ups and key points their own way.
  for (const name of ['red-flags', 'follow-ups', 'mock', 'stats', 'manage']) {
    await mode(name);
    await page.keyboard.press('Space');
    for (const link of await page.locator('#quiz a').all()) if (/javascript:/i.test((await link.getAttribute('href')) ?? '')) await link.click();
  }
  assert.equal(await page.evaluate(() => window.__pwned), undefined, 'no payload ran in any mode');
  assert.equal(
    await page
      .locator(
        ['script', 'img', 'svg', 'iframe', 'object', 'embed', 'a[href^="javascript:" i]', '[onerror]', '[onload]'].map((tag) => `#quiz ${tag}`).join(', '),
      )
      .count(),
    0,
    'no such element anywhere in the quiz',
  );
});

test('oversize decks and huge strings are refused with a clear error', async () => {
  const { page } = site;
  const seed = JSON.parse(readFileSync('web/decks/core.json', 'utf8')).cards[0];
  const upload = async (name, deck, message) => {
    await mode('manage');
    await page.locator('#deck-file').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(deck)) });
    await page
      .waitForFunction((text) => document.getElementById('quiz-deck-errors').textContent.includes(text), message, { timeout: 5000 })
      .catch(async (error) => {
        throw new Error(`${error.message}: ${await page.locator('#quiz-deck-errors').textContent()}`);
      });
    assert.equal(await page.locator('#quiz-deck-errors').isVisible(), true);
    assert.doesNotMatch(await page.locator('#deck-list').textContent(), new RegExp(`^${deck.title} —`, 'm'), 'the deck is not loaded');
  };
  const padding = 'x'.repeat(2.1 * 1024 * 1024);
  await upload(
    'huge.json',
    { id: 'huge', title: 'Huge', version: 1, cards: [{ ...seed, id: 'huge', explanation: [{ heading: 'h', text: padding }] }] },
    'a deck may be at most 2097152 bytes (2 MB)',
  );
  await upload(
    'long.json',
    { id: 'long', title: 'Long', version: 1, cards: [{ ...seed, id: 'long', question: `<script>${'y'.repeat(5000)}` }] },
    'cards[0].question: is 5008 characters; at most 300 are allowed',
  );
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
});

test('a malformed deck is reported in the page and the rest keeps working', async () => {
  const { page } = site;
  await mode('manage');
  await page.locator('#deck-file').setInputFiles({
    name: 'bad.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ id: 'bad', title: 'Bad', version: 1, cards: [{ id: 'bad-card', question: '' }] })),
  });
  await page.waitForSelector('#quiz-deck-errors:not([hidden])');
  assert.match(await page.locator('#quiz-deck-errors').textContent(), /Deck "bad" \(file bad.json\), card "bad-card", cards\[0\].question: must not be empty/);
  await mode('review');
  assert.ok((await page.locator('#card-question').textContent()).length > 0);
});

test('axe-core finds no serious or critical violations in the quiz', async () => {
  // The page's CSP blocks an injected inline script, so axe gets its own context that bypasses CSP.
  const axeSite = await openSite({ bypassCSP: true });
  const { page } = axeSite;
  await page.goto(`${axeSite.url}?view=quiz`);
  await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
  for (const name of ['review', 'stats', 'red-flags']) {
    await page.locator(`button[data-mode="${name}"]`).click();
    if (name === 'review') await page.locator('body').press('Space');
    assert.deepEqual(await axeViolations(page, '#quiz'), [], `mode ${name}`);
  }
  await axeSite.close();
});

test('no console errors and no requests to other origins', () => {
  assert.deepEqual(site.consoleErrors, []);
  assert.deepEqual(site.foreignRequests, []);
});
