// The page never parses HTML from strings and never evaluates code: deck text must stay text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const webFolder = new URL('../../web/', import.meta.url).pathname;
const banned = /\b(innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\s*\(|new Function|createContextualFragment|DOMParser)\b/;

function sourceFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'decks' ? [] : sourceFiles(full);
    return /\.(m?js|html)$/.test(entry.name) && !entry.name.startsWith('posenc-core') ? [full] : [];
  });
}

test('no HTML-string sinks or dynamic code anywhere in web/', () => {
  const offenders = sourceFiles(webFolder).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line, index) => ({ line, where: `${path.relative(webFolder, file)}:${index + 1}` }))
      .filter(({ line }) => banned.test(line) && !line.trimStart().startsWith('//')),
  );
  assert.deepEqual(
    offenders.map(({ where, line }) => `${where}: ${line.trim()}`),
    [],
  );
});

test('no inline style attributes or inline scripts in index.html', () => {
  const html = readFileSync(path.join(webFolder, 'index.html'), 'utf8');
  assert.doesNotMatch(html, /\sstyle=/);
  assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/);
});
