// Every number in the foundations, core, rotary and computed decks that the engine can compute, computed and looked for in the card's
// own words: a card that teaches a number the engine does not give fails here, naming the card and the sentence.
// Cards round (0.273 rad, "about 25,100"), so each check rounds the engine's double the way its card does.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadForTests } from './load.mjs';

let posenc;
before(async () => {
  posenc = await loadForTests();
});

const cardsOf = (deck) => JSON.parse(readFileSync(new URL(`../../web/decks/${deck}.json`, import.meta.url), 'utf8')).cards;
const rotary = new Map(cardsOf('rotary-and-beyond').map((card) => [card.id, card]));
const computedCards = new Map(cardsOf('computed').map((card) => [card.id, card]));
/** Every text of a card, one string (the numbers may sit in any tier). */
const allText = (card) => JSON.stringify(card);
const says = (card, text) => assert.ok(allText(card).includes(text), `${card.id} should say "${text}"`);
const fixed = (value, digits) => value.toFixed(digits);
const grouped = (value) => Math.round(value).toLocaleString('en-US');
/** "about 25,100": rounded to the hundred, as the cards write bases. */
const hundreds = (value) => grouped(Math.round(value / 100) * 100);
const range = (list) => `${list[0]} to ${list[list.length - 1]}`;

const L = 2048;
const far = 5000;
const s = far / L;
const head64 = { headDim: 64, base: 10000 };
const scaled = (kind, extra = {}) => ({ ...head64, scaling: { kind, factor: s, trainedLength: L, ...extra } });
const beyond = (options) => posenc.beyondTrained({ scheme: 'rope', p: far, trainedLength: L, ...options });
/** Pairs past their trained arc, and by how many trained positions each (the excess angle over the unscaled step). */
function pastTheirArc(result) {
  const { angleAtP, seenMax, outOfRange } = result.pairs;
  const pairs = [];
  outOfRange.forEach((out, pair) => {
    if (out) pairs.push({ pair, positions: (angleAtP[pair] - seenMax[pair]) / result.trainedFrequencies[pair] });
  });
  return pairs;
}
/** The base NTK-aware scaling gives, read back from its slowest pair: theta_last = base^(-(d - 2) / d). */
function ntkBase(headDim, factor) {
  const { frequencies } = posenc.ropeFrequencies({ headDim, base: 10000, scaling: { kind: 'ntk', factor, trainedLength: L } });
  return frequencies[headDim / 2 - 1] ** (-headDim / (headDim - 2));
}
/** YaRN's pairs kept, fully interpolated and blended, by comparing its frequencies with the unscaled ones. */
function yarnPairs(ramp) {
  const plain = posenc.ropeFrequencies(head64).frequencies;
  const yarn = posenc.ropeFrequencies(scaled('yarn', { ramp })).frequencies;
  const counts = { kept: 0, interpolated: 0, blended: 0 };
  plain.forEach((theta, pair) => {
    const ratio = yarn[pair] / theta;
    if (Math.abs(ratio - 1) < 1e-12) counts.kept += 1;
    else if (Math.abs(ratio * s - 1) < 1e-12) counts.interpolated += 1;
    else counts.blended += 1;
  });
  return counts;
}

test('NTK-aware at 5,000: pairs 22-30 end 61-607 positions past their trained arcs, pair 21 wraps back inside', () => {
  const card = rotary.get('pi-ntk-yarn-compared-at-5000');
  const ntk = beyond(scaled('ntk'));
  const past = pastTheirArc(ntk);
  // Pair 31 is divided by exactly s, so 5,000 lands where 2,048 would be: one step past the trained 2,047.
  assert.equal(ntk.outOfRangeCount, 10);
  const last = past.at(-1);
  assert.deepEqual([last.pair, Number(fixed(last.positions, 9))], [31, 1]);
  const beyondOne = past.slice(0, -1);
  const pairs = beyondOne.map(({ pair }) => pair);
  const positions = beyondOne.map(({ positions }) => Math.round(positions)).sort((a, b) => a - b);
  says(card, `pairs ${range(pairs)} sit ${range(positions)} positions past the widest angle`);
  says(card, `too little for pairs ${pairs[0]}-${pairs.at(-1)}, left ${positions[0]}-${positions.at(-1)} positions past`);
  says(card, `pairs ${pairs[0]}-${pairs.at(-1)} end ${positions[0]}-${positions.at(-1)} positions past`);
  says(card, `at an offset ${positions[0]} to ${positions.at(-1)} positions beyond 2,047`);
  // Pair 21: its unwrapped angle is past its widest trained angle, its wrapped angle is not.
  const { frequencies, pairs: byPair } = ntk;
  const unwrapped = frequencies[21] * 5000;
  assert.ok(unwrapped > byPair.seenMax[21] && byPair.angleAtP[21] < byPair.seenMax[21] && !byPair.outOfRange[21]);
  says(
    card,
    `Pair 21 (wavelength about 2,650 tokens) reaches ${fixed(unwrapped, 2)} rad at offset 5,000, which is ${fixed(byPair.angleAtP[21], 2)} rad past a full turn: inside the 0 to ${fixed(byPair.seenMax[21], 2)} rad`,
  );
  says(card, `wavelength about ${grouped(Math.round((2 * Math.PI) / ntk.trainedFrequencies[21] / 10) * 10)} tokens`);
  says(card, `pair 21 reaches ${fixed(unwrapped, 2)} rad, which is ${fixed(byPair.angleAtP[21], 2)} rad after a turn`);
});

test('PI and YaRN at 5,000 put every slow pair exactly one trained step past 2,047', () => {
  for (const kind of ['pi', 'yarn']) {
    const past = pastTheirArc(beyond(scaled(kind)));
    assert.deepEqual(
      past.map(({ pair }) => pair),
      Array.from({ length: 11 }, (_, k) => 21 + k),
    );
    for (const { positions } of past) assert.ok(Math.abs(positions - 1) < 1e-6, `${kind}: ${positions}`);
  }
  says(rotary.get('pi-ntk-yarn-compared-at-5000'), 'lands where offset 2,048 would be, one step past the trained 2,047');
});

test('the slowest and fastest pairs at 5,000, and the NTK base, are the engine’s', () => {
  const card = rotary.get('pi-ntk-yarn-compared-at-5000');
  const plain = beyond(head64);
  const slow = plain.pairs.angleAtP[31];
  const seen = plain.pairs.seenMax[31];
  says(card, `its angle at offset 5,000 is ${fixed(slow, 3)} rad, against at most ${fixed(seen, 3)} in training`);
  for (const kind of ['pi', 'ntk', 'yarn']) assert.equal(fixed(beyond(scaled(kind)).pairs.angleAtP[31], 3), '0.273');
  const pi = posenc.ropeFrequencies(scaled('pi')).frequencies[0];
  says(card, `PI slows it from 1 to ${fixed(pi, 2)} rad per token`);
  for (const kind of ['ntk', 'yarn']) assert.equal(posenc.ropeFrequencies(scaled(kind)).frequencies[0], 1);
  const base = ntkBase(64, s);
  says(card, `raises the base to about ${hundreds(base)}`);
  says(rotary.get('ntk-aware-rope-scaling'), `the base goes from 10,000 to about ${hundreds(base)}`);
});

test("YaRN at 5,000: the cards' count of kept, interpolated and blended pairs, and its factor", () => {
  for (const ramp of ['ratio', 'dimension']) assert.deepEqual(yarnPairs(ramp), { kept: 9, interpolated: 11, blended: 12 });
  const { kept, interpolated, blended } = yarnPairs('ratio');
  const factor = posenc.ropeFrequencies(scaled('yarn')).attentionFactor;
  says(
    rotary.get('pi-ntk-yarn-compared-at-5000'),
    `${interpolated} fully interpolated, ${kept} untouched, ${blended} blended, and q and k are scaled by about ${fixed(factor, 3)}`,
  );
  says(
    rotary.get('yarn-ntk-by-parts-temperature'),
    `${interpolated} pairs fully interpolated, ${kept} untouched, ${blended} blended, q and k each × ${fixed(factor, 3)}`,
  );
  const atTwo = posenc.ropeFrequencies({ ...head64, scaling: { kind: 'yarn', factor: 2, trainedLength: L } }).attentionFactor;
  says(rotary.get('yarn-ntk-by-parts-temperature'), `for s = 2, about ${fixed(atTwo, 3)}`);
});

test('RoPE past 2,048: the long-wavelength pairs at head dims 64 and 128, and the longest wavelength', () => {
  const card = rotary.get('rope-beyond-trained-length');
  const at64 = beyond(head64);
  const at128 = beyond({ headDim: 128, base: 10000 });
  says(card, `${at64.longWavelengthCount} of the 32 pairs have a wavelength longer than 2,048 tokens`);
  says(card, `With head dim 128, ${at128.longWavelengthCount} of 64 pairs`);
  const longest = (2 * Math.PI) / at64.trainedFrequencies[31];
  says(card, `the longest about ${grouped(Math.round(longest / 1000) * 1000)}`);
  says(card, `reached at most ${fixed(at64.pairs.seenMax[31], 3)} rad; at offset 5,000 it sits at ${fixed(at64.pairs.angleAtP[31], 3)}`);
});

test('Position Interpolation at s = 16 turns the fastest pair 1/16 rad per token', () => {
  const { frequencies } = posenc.ropeFrequencies({ ...head64, scaling: { kind: 'pi', factor: 16, trainedLength: L } });
  assert.equal(frequencies[0], 1 / 16);
  says(rotary.get('position-interpolation-rope'), 'separates neighbours by 1/16 rad instead of 1 rad');
});

test('dynamic NTK follows the rule the card writes: base·(factor·l/L − (factor − 1))^(d/(d−2)) past L, unchanged up to it', () => {
  says(rotary.get('dynamic-ntk-scaling'), 'base·(factor·l/L − (factor − 1))^(d/(d−2))');
  const plain = posenc.ropeFrequencies(head64).frequencies;
  for (const [length, factor] of [
    [1000, 2],
    [2048, 2],
    [3000, 2],
    [6000, 4],
  ]) {
    const { frequencies } = posenc.ropeFrequencies({ ...head64, sequenceLength: length, scaling: { kind: 'dynamic', factor, trainedLength: L } });
    const grown = length > L ? (factor * length) / L - (factor - 1) : 1;
    // theta_31 = base^(-62/64), so the base's growth is the slowest pair's slow-down to the power 64/62.
    const growth = (plain[31] / frequencies[31]) ** (64 / 62);
    assert.ok(Math.abs(growth / grown ** (64 / 62) - 1) < 1e-12, `l = ${length}: ${growth} vs ${grown ** (64 / 62)}`);
  }
});

test('ALiBi: the slopes the cards list and the far-key penalties at 5,000', () => {
  const threeHeads = Array.from(posenc.alibiSlopes(3));
  assert.deepEqual(threeHeads, [1 / 16, 1 / 256, 1 / 4]);
  says(rotary.get('alibi-linear-bias-slopes'), 'n = 3 gives 1/16, 1/256, 1/4');
  const eight = posenc.alibiSlopes(8);
  const steepest = -eight[0] * 5000;
  const shallowest = -eight[7] * 5000;
  assert.deepEqual([eight[0], eight[7]], [1 / 2, 1 / 256]);
  const card = rotary.get('alibi-far-context-flat-perplexity');
  says(card, `a bias of −${grouped(-steepest)} in the steepest head and −5,000/256 ≈ −${fixed(-shallowest, 1)} in the shallowest`);
  says(card, `by about ${fixed(Math.exp(shallowest) / 1e-9, 0)}×10⁻⁹`);
});

test('the YaRN factor card gives the factor on q and k and its square on the logits', () => {
  const { attentionFactor } = posenc.ropeFrequencies({ headDim: 64, scaling: { kind: 'yarn', factor: 2.441, trainedLength: L } });
  says(
    computedCards.get('computed-yarn-factor'),
    `about ${fixed(attentionFactor, 3)} for s = 2.44), so the logits grow by its square, about ${fixed(attentionFactor ** 2, 3)}`,
  );
});

const foundations = new Map(cardsOf('foundations').map((card) => [card.id, card]));
const core = new Map(cardsOf('core').map((card) => [card.id, card]));

test('sinusoidal at d_model 512, position 5,000 after 2,048: the long pairs, the ones not yet wrapped, the slowest angle', () => {
  const card = foundations.get('position-5000-absolute-schemes');
  const result = posenc.beyondTrained({ scheme: 'sinusoidal', p: far, trainedLength: L, dModel: 512 });
  const { wavelength, angleAtP, seenMax } = result.pairs;
  const long = [...wavelength.keys()].filter((pair) => wavelength[pair] > L);
  const unwrapped = long.filter((pair) => wavelength[pair] > far).length;
  says(
    card,
    `Pairs ${long[0]} to ${long.at(-1)}, ${result.longWavelengthCount} of the 256, have wavelengths above 2,048, from about ${grouped(Math.round(wavelength[long[0]] / 10) * 10)} up to about ${hundreds(wavelength.at(-1))}`,
  );
  says(card, `the ${unwrapped} pairs whose wavelength exceeds 5,000 have not wrapped`);
  says(card, `The other ${long.length - unwrapped} have wrapped`);
  says(card, `the slowest moves from ${fixed(seenMax.at(-1), 3)} rad at 2,047 to ${fixed(angleAtP.at(-1), 3)} rad at 5,000`);
  // "some onto familiar angles": of the wrapped pairs, some are out of range and some are not.
  const wrappedOut = result.outOfRangeCount - unwrapped;
  assert.ok(wrappedOut > 0 && wrappedOut < long.length - unwrapped, `${wrappedOut} of the wrapped pairs out of range`);
  says(foundations.get('sinusoidal-wavelengths-binary-counter'), `At d_model 512 the longest is about ${hundreds(wavelength.at(-1))} positions`);
});

test('the seed card: the slowest pair of a 64-wide encoding, 0.273 rad at most in training and 0.667 at 5,000', () => {
  const result = posenc.beyondTrained({ scheme: 'sinusoidal', p: far, trainedLength: L, dModel: 64 });
  const { angleAtP, seenMax } = result.pairs;
  says(
    core.get('sinusoidal-vs-learned-beyond-length'),
    `slowest pair: ${fixed(seenMax.at(-1), 3)} rad at most in training, ${fixed(angleAtP.at(-1), 3)} rad at 5000`,
  );
});

test("T5's last bucket starts at distance 91 in the encoder and 113 in the decoder, as the card says", () => {
  const firstInLastBucket = (bidirectional) => {
    const distances = Array.from({ length: 200 }, (_, k) => -k); // keys before the query
    const buckets = Array.from(posenc.t5Bucket({ relativePositions: distances, bidirectional }));
    const last = Math.max(...buckets);
    return buckets.indexOf(last);
  };
  const [encoder, decoder] = [firstInLastBucket(true), firstInLastBucket(false)];
  says(
    foundations.get('t5-relative-bias-buckets'),
    `the last bucket actually starts at ${encoder} in bidirectional mode and ${decoder} in unidirectional mode`,
  );
});
