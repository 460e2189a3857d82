// The "Embed this view" snippet: the view's own URL with embed=1 and a theme, embed.js from the same
// folder, and the title and URL escaped as attribute values (a title is the learner's text).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { embedSnippet } from '../../dist/embed-mode.js';

const url = new URL('https://courses.example/posenc/?view=position&p=5000&scaling=yarn');

test('an iframe of the view as it is, embedded and themed, then embed.js from beside the page', () => {
  const [iframe, script] = embedSnippet({ url, title: 'Position 5,000', theme: 'dark' }).split('\n');
  const src = new URL(/src="([^"]*)"/.exec(iframe)[1].replaceAll('&amp;', '&'));
  assert.deepEqual(Object.fromEntries(src.searchParams), { view: 'position', p: '5000', scaling: 'yarn', embed: '1', theme: 'dark' });
  assert.equal(src.origin + src.pathname, 'https://courses.example/posenc/');
  assert.match(iframe, /^<iframe src="[^"]*" title="Position 5,000" width="100%" height="900" style="border:0" loading="lazy"><\/iframe>$/);
  assert.equal(script, '<script src="https://courses.example/posenc/embed.js"></script>');
});

test('a theme it does not know becomes auto, as does none', () => {
  assert.match(embedSnippet({ url, title: 't', theme: 'sepia' }), /theme=auto"/);
  assert.match(embedSnippet({ url, title: 't' }), /theme=auto"/);
  assert.match(embedSnippet({ url, title: 't', theme: 'light' }), /theme=light"/);
});

test('the title and URL cannot close the attribute or open a tag', () => {
  const snippet = embedSnippet({ url: new URL('https://courses.example/p/?note="><script>'), title: 'A "quoted" <b>title</b> & more' });
  assert.match(snippet, /title="A &quot;quoted&quot; &lt;b&gt;title&lt;\/b&gt; &amp; more"/);
  assert.equal(snippet.match(/<script/g).length, 1, 'the only script tag is embed.js');
  assert.equal(snippet.match(/"/g).length % 2, 0);
});
