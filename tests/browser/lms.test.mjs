// Course-platform reporting in Chromium: a SCORM 1.2 API receives the score and completion; with
// ?xapi=parent a host page receives xAPI statements; without either nothing is sent.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { openSite } from './browser.mjs';

let site;
before(async () => { site = await openSite(); });
after(async () => { await site?.close(); });

async function judgeRedFlags(page, count) {
  await page.locator('button[data-mode="red-flags"]').click();
  for (let i = 0; i < count; i++) {
    await page.locator('body').press('t');
    await page.keyboard.press('ArrowRight');
  }
}

test('a SCORM 1.2 API gets the score, then completion after ten answers', async () => {
  const { page } = site;
  await page.addInitScript(() => {
    const values = { 'cmi.core.lesson_status': 'not attempted' };
    window.scormCalls = [];
    window.API = {
      LMSInitialize: () => { window.scormCalls.push(['init']); return 'true'; },
      LMSGetValue: (key) => values[key] ?? '',
      LMSSetValue: (key, value) => { values[key] = value; window.scormCalls.push(['set', key, value]); return 'true'; },
      LMSCommit: () => 'true',
      LMSFinish: () => 'true',
      values,
    };
  });
  await page.goto(`${site.url}?view=quiz`);
  await page.waitForSelector('html[data-ready="true"]');
  assert.equal(await page.evaluate(() => window.API.values['cmi.core.lesson_status']), 'incomplete');
  await judgeRedFlags(page, 10);
  const values = await page.evaluate(() => window.API.values);
  assert.match(values['cmi.core.score.raw'], /^\d+$/);
  assert.equal(values['cmi.core.score.max'], '100');
  assert.equal(values['cmi.core.lesson_status'], 'completed');
});

test('?xapi=parent posts answered and completed statements to the host page', async () => {
  const frameUrl = `${site.url}?view=quiz&embed=1&xapi=parent`;
  const host = createServer((request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end(`<!doctype html><title>host</title><iframe id="posenc" src="${frameUrl}" style="width:100%;height:900px"></iframe>`);
  });
  await new Promise((resolve) => host.listen(0, '127.0.0.1', resolve));
  try {
    const page = await site.page.context().newPage();
    await page.addInitScript(() => {
      window.statements = [];
      window.addEventListener('message', (event) => { if (event.data?.type === 'posenc:xapi') window.statements.push(event.data.statement); });
    });
    await page.goto(`http://127.0.0.1:${host.address().port}/`);
    const frame = page.frameLocator('#posenc');
    await frame.locator('html[data-ready="true"]').waitFor({ timeout: 30_000 });
    await frame.locator('button[data-mode="red-flags"]').click();
    for (let i = 0; i < 10; i++) {
      await frame.locator('#red-flag-true').click();
      await frame.locator('#red-flag-next').click();
    }
    const statements = await page.evaluate(() => window.statements);
    assert.equal(statements.filter((s) => s.verb.display['en-US'] === 'answered').length, 10);
    assert.equal(statements.filter((s) => s.verb.display['en-US'] === 'completed').length, 1);
    assert.equal(typeof statements[0].result.success, 'boolean');
    await page.close();
  } finally {
    await new Promise((resolve) => host.close(resolve));
  }
});

test('with no LMS and no xapi parameter nothing is posted', async () => {
  const page = await site.page.context().newPage();
  await page.goto(`${site.url}?view=quiz`);
  await page.waitForSelector('html[data-ready="true"]');
  const posted = await page.evaluate(() => {
    const seen = [];
    window.addEventListener('message', (event) => seen.push(event.data));
    return new Promise((resolve) => setTimeout(() => resolve(seen), 200));
  });
  assert.deepEqual(posted, []);
  await page.close();
});
