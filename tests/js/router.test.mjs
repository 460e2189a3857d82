// The URL table: the landing page by default, the lesson's and the quiz's new settings, and the way
// back a link carries (rebuilt from known settings only, never a link to anywhere else).
import { test } from 'node:test';
import assert from 'node:assert/strict';

const { VIEWS, VIEW_NAMES, queryFor, readLocation } = await import(new URL('../../dist/router.js', import.meta.url));

test('no view, or one the page does not know, is the landing page; every view has a name for people', () => {
  assert.equal(readLocation('').view, 'home');
  assert.equal(readLocation('?view=cards').view, 'home');
  assert.equal(readLocation('?view=quiz').view, 'quiz', '?view=quiz is the flash cards, as before');
  for (const view of VIEWS) assert.equal(typeof VIEW_NAMES[view], 'string', view);
});

test('the lesson: a step from 1 to 10 and the settings its instruments use', () => {
  assert.deepEqual({ ...readLocation('?view=lesson&step=4&p=5000&overflow=wrap').settings }, { step: 4, p: 5000, overflow: 'wrap' });
  assert.deepEqual({ ...readLocation('?view=lesson&step=0&heads=65&scaling=no%20scaling&overflow=').settings }, {});
  // Names from the engine's tables are taken in the engine's form; the lesson keeps only those the engine lists.
  assert.deepEqual({ ...readLocation('?view=lesson&scaling=yarn&overflow=wrap&scheme=t5').settings }, { scaling: 'yarn', overflow: 'wrap', scheme: 't5' });
  assert.deepEqual({ ...readLocation('?view=lesson&step=11').settings }, {});
  assert.equal(queryFor('lesson', { step: 2, d: 64, n: 1024, p: 500 }, new URLSearchParams('embed=1')), '?view=lesson&step=2&p=500&d=64&n=1024&embed=1');
});

test("the quiz: Cram's scope (all, a topic, a tag, a view's links, chosen cards) and the card it opens at", () => {
  const scope = (text) => readLocation(`?view=quiz&mode=cram&scope=${encodeURIComponent(text)}`).settings.scope;
  for (const good of ['all', 'topic:Absolute encodings', 'tag:rope', 'live:position', 'live:lesson', 'live:frequencies', 'live:grid', 'cards:a,b-c'])
    assert.equal(scope(good), good);
  for (const bad of ['some', 'tag:Rope', 'live:quiz', 'live:home', 'cards:', 'cards:a,,b', 'topic:', 'topic: ', `topic:${'x'.repeat(101)}`, ':all'])
    assert.equal(scope(bad), undefined, bad);
  assert.equal(readLocation('?view=quiz&card=why-transformers-need-position').settings.card, 'why-transformers-need-position');
  assert.equal(readLocation('?view=quiz&card=Not_A_Card').settings.card, undefined);
});

test('the way back is rebuilt from the settings its view knows: one level, this page only', () => {
  const back = readLocation(`?view=position&p=5000&back=${encodeURIComponent('?view=quiz&mode=cram&card=rope-basics&scope=tag:rope&evil=1')}`).back;
  assert.deepEqual({ view: back.view, query: back.query }, { view: 'quiz', query: '?view=quiz&mode=cram&scope=tag%3Arope&card=rope-basics' });
  const nested = readLocation(`?view=model&back=${encodeURIComponent(`?view=lesson&step=3&back=${encodeURIComponent('?view=quiz')}`)}`).back;
  assert.equal(nested.query, '?view=lesson&step=3', 'a way back has no way back of its own');
  for (const elsewhere of ['https://example.org/?view=quiz', 'javascript:alert(1)', '//example.org', '?p=3']) {
    const read = readLocation(`?view=model&back=${encodeURIComponent(elsewhere)}`).back;
    assert.ok(read === null || read.query.startsWith('?view='), `${elsewhere} -> ${read?.query}`);
  }
  assert.equal(readLocation('?view=model&back=').back, null);
  assert.equal(
    readLocation(`?view=model&embed=1&theme=dark&back=${encodeURIComponent('?view=quiz')}`).back.query,
    '?view=quiz&embed=1&theme=dark',
    'embedding and theme go back too',
  );
});

test('a view writing its settings keeps the way back; another view drops it', () => {
  const current = new URLSearchParams(`view=position&p=5000&back=${encodeURIComponent('?view=quiz&card=a')}`);
  assert.match(queryFor('position', { p: 6000 }, current), /back=%3Fview%3Dquiz%26card%3Da$/);
  assert.doesNotMatch(queryFor('encodings', {}, current), /back=/);
  assert.match(queryFor('encodings', {}, current, { back: '?view=lesson&step=1' }), /back=%3Fview%3Dlesson%26step%3D1$/);
});

test("real models: ?model= in the position and frequency views, p to the analysis bound; the image grid's patch", () => {
  assert.deepEqual({ ...readLocation('?view=position&model=llama-3.1-8b&p=200000').settings }, { model: 'llama-3.1-8b', p: 200000 });
  // Any name of a model's form is read; the view keeps only the engine's (posenc.models), so an unknown one opens custom settings.
  assert.deepEqual({ ...readLocation('?view=position&model=Llama_3&p=16777217').settings }, {});
  assert.equal(queryFor('position', { model: 'qwen2.5-7b', p: 2000000, L: 32768 }, new URLSearchParams()), '?view=position&model=qwen2.5-7b&p=2000000&L=32768');
  assert.deepEqual(
    { ...readLocation('?view=frequencies&model=phi-3-mini-128k&headDim=96&base=1e4&L=4096&scaling=yarn&s=8').settings },
    { model: 'phi-3-mini-128k', headDim: 96, base: 10000, L: 4096, scaling: 'yarn', factor: 8 },
  );
  assert.equal(
    queryFor('frequencies', { headDim: 64, base: 10000, L: 2048, scaling: 'llama3', factor: 4 }, new URLSearchParams()),
    '?view=frequencies&headDim=64&base=10000&L=2048&scaling=llama3&s=4',
  );
  // A model's layer group: any name of that form is read; the view keeps only the groups the model has.
  assert.deepEqual({ ...readLocation('?view=frequencies&model=gemma-3-4b&layers=local').settings }, { model: 'gemma-3-4b', group: 'local' });
  assert.deepEqual({ ...readLocation('?view=frequencies&model=gemma-3-4b&layers=Local%20layers').settings }, { model: 'gemma-3-4b' });
  assert.equal(queryFor('frequencies', { model: 'llama-4-scout', group: 'nope' }, new URLSearchParams()), '?view=frequencies&model=llama-4-scout&layers=nope');
  assert.deepEqual({ ...readLocation('?view=grid&axes=axial&t=63&h=15&w=0').settings }, { axes: 'axial', t: 63, h: 15, w: 0 });
  assert.deepEqual({ ...readLocation('?view=grid&t=64&h=16&w=-1').settings }, {});
});

test("the position view's p and L reach the engine's bounds (maxAnalysisPosition, maxTrainedLength) and stop there", async () => {
  const { loadForTests } = await import('./load.mjs');
  const { limits } = await loadForTests();
  const read = (query) => ({ ...readLocation(`?view=position&${query}`).settings });
  assert.deepEqual(read(`p=${limits.maxAnalysisPosition}&L=${limits.maxTrainedLength}`), { p: limits.maxAnalysisPosition, L: limits.maxTrainedLength });
  assert.deepEqual(read('p=2000000&L=1048576'), { p: 2_000_000, L: 1_048_576 });
  assert.deepEqual(read(`p=${limits.maxAnalysisPosition + 1}&L=${limits.maxTrainedLength + 1}`), {});
});
