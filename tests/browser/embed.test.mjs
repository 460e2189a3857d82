// posenc embedded in a course page on another origin (the host is http://localhost:<port>, posenc
// http://127.0.0.1:<port>): the page never scrolls its host, the iframe follows the content's own
// height down as well as up (embed.js and Canvas's lti.frameResize), the snippet names the view in
// the iframe's title and offers a theme, and ?theme= wins over the OS setting.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolationsLightAndDark, openSite } from './browser.mjs';
import { startHost } from './host.mjs';
import { contentBottom } from './layout.js';

let site;
let host;
before(async () => {
  site = await openSite();
  const frame = (query) => `<iframe id="posenc" src="${site.url}?${query}" title="posenc" style="width:100%;height:900px;border:0"></iframe>`;
  const page = (query) => ({
    body: `<!doctype html><html lang="en"><title>A course page</title>
      <h1>Week 3: positions</h1><div id="reading" style="height:1440px">A long reading comes first.</div>
      ${frame(query)}<p id="after">More of the course page.</p>
      <script>
        window.received = [];
        window.addEventListener('message', (event) => window.received.push({ origin: event.origin, data: event.data }));
      </script>
      <script src="${site.url}embed.js"></script>`,
  });
  host = await startHost({
    '/quiz': page('view=quiz&embed=1'),
    '/mock': page('view=quiz&embed=1&mode=mock'),
    '/position': page('view=position&embed=1'),
    '/below': {
      body: `<!doctype html><html lang="en"><title>A course page</title><div style="height:3000px">A long reading.</div>
      <iframe id="posenc" src="${site.url}?view=quiz&embed=1" title="posenc" style="width:100%;height:900px;border:0"></iframe>
      <script src="${site.url}embed.js"></script>`,
    },
  });
});
after(async () => {
  await host?.close();
  await site?.close();
});

/** Opens a host page and waits for the framed posenc to be ready. */
async function openHost(path) {
  const page = await site.page.context().newPage();
  await page.goto(host.url(path));
  const frame = page.frame({ url: (url) => url.href.startsWith(site.url) });
  await frame.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
  return { page, frame };
}

const frameHeight = (page) => page.evaluate(() => document.getElementById('posenc').getBoundingClientRect().height);

/** Waits until the host's iframe has held one height for a few frames, and returns it. */
async function settledHeight(page) {
  let last = -1;
  for (let same = 0; same < 4; ) {
    await page.waitForTimeout(100);
    const height = await frameHeight(page);
    same = height === last ? same + 1 : 0;
    last = height;
  }
  return last;
}

test('loading an embedded view never scrolls the host page', async () => {
  for (const path of ['/quiz', '/position']) {
    const { page, frame } = await openHost(path);
    await settledHeight(page);
    assert.equal(await page.evaluate(() => window.scrollY), 0, `${path}: the host stayed at its top`);
    // Moving focus inside the frame (a mode that focuses its first control) does not scroll it either.
    if (path === '/quiz') {
      await frame.evaluate(() => document.querySelector('button[data-mode="mock"]').click());
      await frame.evaluate(() => document.getElementById('mock-start').click());
      await frame.waitForSelector('#mock-reveal');
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'after the mock interview focused its button');
    }
    await page.close();
  }
});

test('the iframe grows with opened answer tiers and shrinks back to the content when they close', async () => {
  const { page, frame } = await openHost('/quiz');
  // The reader scrolls down to it (Chromium holds back rendering, and so resize observers, in a
  // cross-origin frame out of view).
  await page.evaluate(() => document.getElementById('posenc').scrollIntoView());
  const closed = await settledHeight(page);
  await frame.evaluate(() => {
    document.getElementById('card-flip').click();
    for (const details of document.querySelectorAll('#card-back details')) details.open = true;
  });
  const opened = await settledHeight(page);
  assert.ok(opened > closed + 500, `opening every tier grows the iframe (${closed} -> ${opened} px)`);
  await frame.evaluate(() => {
    for (const details of document.querySelectorAll('#card-back details')) details.open = false;
    document.getElementById('card-flip').click();
    document.querySelector('button[data-mode="stats"]').click();
  });
  const shrunk = await settledHeight(page);
  const bottom = await frame.evaluate(contentBottom);
  assert.ok(shrunk < opened - 500, `the iframe shrinks again (${opened} -> ${shrunk} px)`);
  assert.ok(shrunk >= bottom, `nothing is cut off (content ends at ${bottom} px, iframe ${shrunk} px)`);
  assert.ok(shrunk - bottom < 40, `no blank band below the content (content ends at ${bottom} px, iframe ${shrunk} px)`);
  assert.equal(await frame.evaluate(() => document.documentElement.scrollHeight <= innerHeight), true, 'no scroll bar inside');
  await page.close();
});

test('a frame far below the fold gets the height of its content without being scrolled to', async () => {
  const { page, frame } = await openHost('/below');
  const height = await settledHeight(page);
  const bottom = await frame.evaluate(contentBottom);
  assert.ok(height >= bottom && height - bottom < 40, `the iframe is ${height} px for content ending at ${bottom} px`);
  await page.close();
});

test("the page also sends Canvas's lti.frameResize with the same height", async () => {
  const { page } = await openHost('/quiz');
  const height = await settledHeight(page);
  const received = await page.evaluate(() => window.received);
  const canvas = received.filter(({ data }) => data?.subject === 'lti.frameResize');
  assert.ok(canvas.length > 0, 'lti.frameResize was posted');
  assert.equal(canvas.at(-1).data.height, height);
  assert.equal(canvas.at(-1).origin, new URL(site.url).origin);
  await page.close();
});

test('the snippet titles each iframe with its view and carries the chosen theme', async () => {
  const page = await site.page.context().newPage();
  const titles = {};
  for (const view of ['quiz', 'encodings', 'position', 'model']) {
    await page.goto(`${site.url}?view=${view}`);
    await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
    await page.locator('#embed-copy').click();
    const snippet = await page.locator('#embed-snippet').inputValue();
    const source = new URL(snippet.match(/<iframe src="([^"]*)"/)[1].replaceAll('&amp;', '&'));
    const tab = (await page.locator(`.view-tabs a[data-view="${view}"]`).textContent()).trim();
    const title = snippet.match(/<iframe [^>]*title="([^"]*)"/)?.[1];
    assert.ok(title?.includes(tab), `${view}: the title "${title}" names the view "${tab}"`);
    titles[view] = title;
    assert.equal(source.searchParams.get('theme'), 'auto', `${view}: theme auto by default`);
    assert.equal(source.searchParams.get('view'), view);
    assert.equal(source.searchParams.get('embed'), '1');
  }
  assert.equal(new Set(Object.values(titles)).size, 4, 'four different titles');
  await page.locator('#embed-theme').selectOption('dark');
  assert.match(await page.locator('#embed-snippet').inputValue(), /&amp;theme=dark"/);
  await page.locator('#embed-title').fill('Week 3: "training" positions');
  assert.match(await page.locator('#embed-snippet').inputValue(), /title="Week 3: &quot;training&quot; positions"/);
  await page.close();
});

test('?theme=dark and ?theme=light win over the OS; auto follows it', async () => {
  const page = await site.page.context().newPage();
  const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const dark = 'rgb(13, 17, 23)';
  const light = 'rgb(255, 255, 255)';
  for (const [scheme, theme, expected] of [
    ['light', 'dark', dark],
    ['dark', 'light', light],
    ['dark', 'auto', dark],
    ['light', 'auto', light],
  ]) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto(`${site.url}?view=quiz&embed=1&theme=${theme}`);
    await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
    assert.equal(await background(), expected, `OS ${scheme}, theme=${theme}`);
    assert.equal(
      await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme),
      theme === 'auto' ? 'light dark' : theme,
      `OS ${scheme}, theme=${theme}: form controls follow`,
    );
  }
  await page.close();
});

test("the embed kit's title and theme fields pass axe in light and dark", async () => {
  const checked = await openSite({ bypassCSP: true });
  try {
    await checked.page.goto(`${checked.url}?view=position`);
    await checked.page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
    await checked.page.locator('#embed-copy').click();
    assert.deepEqual(await axeViolationsLightAndDark(checked.page, '.embed-kit', 'the embed kit'), []);
  } finally {
    await checked.close();
  }
});
