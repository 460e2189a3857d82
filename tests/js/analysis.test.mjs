import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { closeTo, loadForTests } from './load.mjs';

let posenc;
before(async () => {
  posenc = await loadForTests();
});

describe('beyondTrained at p = 5,000, L = 2,048', () => {
  test('learned: no row, and what each policy costs', () => {
    const r = posenc.beyondTrained({ scheme: 'learned' });
    assert.equal(r.rowExists, false);
    const byPolicy = Object.fromEntries(r.policies.map((e) => [e.policy, e]));
    assert.ok(Number.isNaN(byPolicy.error.sourceRow));
    assert.equal(byPolicy.clamp.sharedPositions, 2954);
    assert.equal(byPolicy.window.dropped, 2953);
    closeTo(byPolicy.interpolate.rowSpacing, 2047 / 5000, 1e-15, 'row spacing');
  });

  test('sinusoidal d 512: 95 of 256 pairs are slower than 2,048 positions', () => {
    const r = posenc.beyondTrained({ scheme: 'sinusoidal' });
    assert.equal(r.pairs.wavelength.length, 256);
    assert.equal(r.longWavelengthCount, 95);
    assert.ok(r.outOfRangeCount > 0 && r.outOfRangeCount <= 95);
    assert.ok(r.nearest.position < 2048 && r.nearest.cosine < 1);
  });

  test('sinusoidal, searched a stretch at a time from the top: the best of the stretches is the whole search', () => {
    const options = { scheme: 'sinusoidal', p: 2_000_000, trainedLength: 300_000, dModel: 64 };
    const whole = posenc.beyondTrained(options).nearest;
    let best = null;
    for (let to = options.trainedLength; to > 0; to -= 40_000) {
      const { nearest } = posenc.beyondTrained({ ...options, search: { from: Math.max(0, to - 40_000), to } });
      assert.ok(nearest.position < to && nearest.position >= to - 40_000);
      if (!best || nearest.cosine > best.cosine) best = nearest; // a tie keeps the higher stretch, as the whole search does
    }
    assert.equal(best.position, whole.position);
    closeTo(best.cosine, whole.cosine, 1e-10, 'cosine (each walk drifts by up to ~1e-10 from libm)');
    assert.equal(posenc.beyondTrained({ ...options, search: { from: 7, to: 7 } }).nearest, null, 'an empty search finds nothing');
    assert.throws(() => posenc.beyondTrained({ ...options, search: { form: 0 } }), /search\.form/, 'a typo inside search is named');
    assert.throws(
      () => posenc.beyondTrained({ ...options, search: { from: 0, to: 300_001 } }),
      /^RangeError: search\.to must be an integer from 0 to 300000; got 300001$/,
    );
  });

  test('rope head dim 64: 11 long pairs; the slowest goes from 0.273 to 0.667 rad', () => {
    const r = posenc.beyondTrained({ scheme: 'rope' });
    assert.equal(r.longWavelengthCount, 11);
    closeTo(r.pairs.seenMax[31], 0.273, 5e-4, 'angle at 2,047');
    closeTo(r.pairs.angleAtP[31], 0.667, 5e-4, 'angle at 5,000');
    const pi = posenc.beyondTrained({ scheme: 'rope', scaling: { kind: 'pi', factor: 5000 / 2047 } });
    assert.equal(pi.outOfRangeCount, 0);
    const yarn = posenc.beyondTrained({ scheme: 'rope', scaling: { kind: 'yarn', factor: 5000 / 2047, trainedLength: 2048 } });
    closeTo(yarn.attentionFactor, 1.089, 5e-4, 'YaRN factor');
  });

  test('alibi with 8 heads: -2,500 for the steepest head, about -19.5 for the shallowest', () => {
    const r = posenc.beyondTrained({ scheme: 'alibi' });
    assert.equal(r.biasAtP[0], -2500);
    closeTo(r.biasAtP[7], -19.53, 0.01, 'shallowest head');
  });

  test('t5: distance 5,000 shares the last bucket with every distance from 91', () => {
    const r = posenc.beyondTrained({ scheme: 't5' });
    assert.equal(r.bucket, 15);
    assert.equal(r.bucketAtMaxDistance, 15);
    assert.equal(r.firstDistanceInBucket, 91);
  });

  test('nope: nothing to run out of', () => {
    assert.equal(posenc.beyondTrained({ scheme: 'nope' }).beyond, true);
  });
});

describe('attention', () => {
  for (const scheme of ['nope', 'sinusoidal', 'learned', 'rope', 'alibi', 't5']) {
    test(`${scheme}: weights over keys 0..p sum to 1`, () => {
      const { weights, logits } = posenc.attention({ scheme, queryPosition: 5000 });
      assert.equal(weights.length, 5001);
      assert.equal(logits.length, 5001);
      closeTo(
        weights.reduce((s, w) => s + w, 0),
        1,
        1e-12,
        'sum',
      );
    });
  }

  test("learned with overflow 'error' has no row to attend from", () => {
    assert.throws(() => posenc.attention({ scheme: 'learned', queryPosition: 5000, overflow: 'error' }), { name: 'RangeError', message: /no row 5000/ });
  });
});

describe('offsetSimilarity', () => {
  test('PE(p).PE(p+delta) equals the closed form sum cos(delta w_i) at any p', () => {
    for (const p of [0, 5000, 60000]) {
      const r = posenc.offsetSimilarity({ p, maxOffset: 512, dModel: 64 });
      // angles up to 60,512 rad: ~1e-11 per term over 32 pairs
      r.sinusoidalDot.forEach((v, delta) => closeTo(v, r.sinusoidalClosedForm[delta], 1e-9, `p ${p} delta ${delta}`));
    }
  });

  test('the RoPE score curve is the same wherever it starts', () => {
    const a = posenc.offsetSimilarity({ p: 0, maxOffset: 300 }).ropeScore;
    const b = posenc.offsetSimilarity({ p: 40000, maxOffset: 300 }).ropeScore;
    a.forEach((v, i) => closeTo(b[i], v, 1e-9, `offset ${i}`));
  });
});
