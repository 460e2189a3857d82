// Fingerprints the seed texts so a test can check that no card copies them, without the seeds in
// the repository: `node scripts/seed-hashes.mjs <seed folder> [output.json]` writes the first 8 bytes
// (16 hex digits) of the SHA-256 of every run of 12 consecutive words in every file of the folder,
// sorted and without repeats, to tests/js/fixtures/seed-12gram-hashes.json unless told otherwise.
// Words are the [a-z0-9]+ runs of the lowercased text, so punctuation, markup and line breaks do
// not hide a copied run; runs never cross from one file into the next.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** How many consecutive words make a copied run. */
export const runLength = 12;
/** Hex digits kept of each SHA-256 (8 bytes). */
const hexDigits = 16;

/** The words of a text: its lowercased [a-z0-9]+ runs. */
export const wordsOf = (text) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** Each run of `runLength` consecutive words of a text, as { words, hash }. */
export function runsOf(text) {
  const words = wordsOf(text);
  const runs = [];
  for (let start = 0; start + runLength <= words.length; start += 1) {
    const run = words.slice(start, start + runLength).join(' ');
    runs.push({ words: run, hash: createHash('sha256').update(run).digest('hex').slice(0, hexDigits) });
  }
  return runs;
}

/** The sorted, distinct hashes of every run in every file of a folder. */
export function folderHashes(folder) {
  const hashes = new Set();
  for (const name of readdirSync(folder).sort()) {
    for (const { hash } of runsOf(readFileSync(path.join(folder, name), 'utf8'))) hashes.add(hash);
  }
  return [...hashes].sort();
}

/** Hashes per line of the written fixture: eight fill a 160-column line, so the file stays short to read. */
const hashesPerLine = 8;

/** The fixture as JSON, its hashes `hashesPerLine` to a line. */
export function fixtureText({ hashes, ...rest }) {
  const lines = [];
  for (let i = 0; i < hashes.length; i += hashesPerLine)
    lines.push(
      `    ${hashes
        .slice(i, i + hashesPerLine)
        .map((hash) => JSON.stringify(hash))
        .join(', ')}`,
    );
  const head = JSON.stringify(rest, null, 2).slice(0, -2);
  return `${head},\n  "hashes": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [folder, output = path.join(root, 'tests/js/fixtures/seed-12gram-hashes.json')] = process.argv.slice(2);
  if (!folder) {
    console.error('usage: node scripts/seed-hashes.mjs <seed folder> [output.json]');
    process.exit(2);
  }
  const hashes = folderHashes(folder);
  const fixture = {
    about: `SHA-256 prefixes (${hexDigits / 2} bytes) of every run of ${runLength} consecutive words in the seed texts; made by scripts/seed-hashes.mjs`,
    runLength,
    hashes,
  };
  writeFileSync(output, fixtureText(fixture));
  console.log(`${hashes.length} runs of ${runLength} words -> ${path.relative(root, output)}`);
}
