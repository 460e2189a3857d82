// The position view lists what the engine names (posenc.names), in the engine's order and with its
// labels, and a link naming something the engine does not know opens with the default instead.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openSite } from './browser.mjs';
import { loadForTests } from '../js/load.mjs';

let site, engine;
before(async () => {
  [site, engine] = await Promise.all([openSite(), loadForTests()]);
});
after(async () => {
  await site?.close();
});

async function openPosition(query) {
  await site.page.goto(`${site.url}?view=position${query}`);
  await site.page.waitForSelector('section[data-view="position"][data-ready="true"]', { timeout: 30_000 });
}

const optionsOf = (id) => site.page.locator(`#${id} option`).evaluateAll((options) => options.map((o) => ({ name: o.value, label: o.textContent })));

test("the columns and the choices are the engine's names, in its order, with its labels", async () => {
  await openPosition('');
  const columns = await site.page
    .locator('.scheme-column')
    .evaluateAll((sections) => sections.map((s) => ({ label: s.getAttribute('aria-label'), heading: s.querySelector('h3').textContent })));
  assert.deepEqual(
    columns.map((c) => c.heading),
    engine.names.scheme.map(({ label }) => label),
  );
  assert.deepEqual(
    await optionsOf('pos-overflow'),
    engine.names.overflow.map(({ name, label }) => ({ name, label })),
  );
  // Every kind the engine can set from s and L with one set of frequencies for every length: LongRoPE needs a
  // checkpoint's per-pair factors, and it and dynamic NTK follow the sequence's length.
  const fromFactor = engine.names.scalingKind.filter(({ perPairFactors, followsLength }) => !perPairFactors && !followsLength);
  assert.deepEqual(
    fromFactor.map(({ name }) => name),
    ['none', 'pi', 'ntk', 'yarn', 'llama3'],
  );
  assert.deepEqual(
    await optionsOf('pos-scaling'),
    fromFactor.map(({ name, label }) => ({ name, label })),
  );
});

test('a link with a name the engine does not know keeps the default, and the URL says what is in force', async () => {
  await openPosition('&overflow=extrapolate&scaling=yarn');
  assert.equal(await site.page.locator('#pos-overflow').inputValue(), 'clamp');
  assert.equal(await site.page.locator('#pos-scaling').inputValue(), 'yarn');
  await site.page.waitForFunction(() => location.search.includes('overflow=clamp'));
  await openPosition('&scaling=linear');
  assert.equal(await site.page.locator('#pos-scaling').inputValue(), 'none');
  for (const kind of ['longrope', 'dynamic']) {
    // names the engine knows, but not ones this view can set up
    await openPosition(`&scaling=${kind}`);
    assert.equal(await site.page.locator('#pos-scaling').inputValue(), 'none');
  }
});
