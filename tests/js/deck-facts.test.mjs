// Numbers the decks state that the engine can compute, each checked against it (issue 17's fixes):
// a card that teaches a wrong number fails here, naming the card's sentence.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadForTests } from './load.mjs';

let posenc;
before(async () => {
  posenc = await loadForTests();
});

const deckText = (name) => readFileSync(new URL(`../../web/decks/${name}.json`, import.meta.url), 'utf8');
const fixed = (value, digits) => value.toFixed(digits);

test('YaRN at s = 2.44: 1.089 on q and k, and its square, 1.186, on the logits, as the cards say', () => {
  const { attentionFactor } = posenc.ropeFrequencies({ headDim: 64, scaling: { kind: 'yarn', factor: 2.44, trainedLength: 2048 } });
  const onQK = fixed(attentionFactor, 3);
  const onLogits = fixed(attentionFactor ** 2, 3);
  assert.deepEqual([onQK, onLogits], ['1.089', '1.186']);
  const computed = deckText('computed');
  assert.ok(computed.includes(`each by it (about ${onQK} for s = 2.44), so the logits grow by its square, about ${onLogits}`));
  assert.ok(deckText('rotary-and-beyond').includes(`s ≈ 2.44 gives ${onQK} on q and k, so about ${onLogits} on the logits`));
});

test('neighbouring sinusoidal frequencies differ by 3.7% at d_model 512 and 33% at 64, as the card says', () => {
  const step = (d) => {
    const { frequencies } = posenc.ropeFrequencies({ headDim: d, base: 10000 });
    return frequencies[0] / frequencies[1] - 1; // the same ratio between every neighbouring pair
  };
  const text = `differ by about ${fixed(100 * step(512), 1)}% at d_model 512 (${fixed(100 * step(64), 0)}% at 64)`;
  assert.equal(text, 'differ by about 3.7% at d_model 512 (33% at 64)');
  assert.ok(deckText('foundations').includes(text));
});
