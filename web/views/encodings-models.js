// The real models (posenc.models) in the encodings explorer. Those whose layers add or rotate a
// position vector (RoPE, learned tables) set the scheme, dModel and base they run with; their RoPE
// pairing, scaling and partial rotary reach the engine through sequenceRope. Those whose position
// is only a bias on the scores (ALiBi, T5) add nothing to a token: the explorer draws that zero
// vector and says where their position lives instead.
import { int } from './format.js';
import { nameLabel } from './labels.js';
import { sequenceRope } from './model-picker.js';

/**
 * @typedef {{ name: string, label: string, headDim: number, dModel: number, trainedLength: number,
 *   groups: ReadonlyArray<{ scheme: string, rope?: { base?: number, pairing?: string, rotaryFraction?: number, scaling?: { kind?: string, factor?: number, trainedLength?: number } } }> }} Preset
 */

/** The explorer's table sizes (its Positions list), smallest first. */
const TABLE_ROWS = [256, 512, 1024, 2048, 4096, 8192];

/** The scheme the explorer draws for a preset: its first RoPE or learned group's, else NoPE's zero vector. @param {Preset} preset */
const drawnScheme = (preset) => preset.groups.find(({ scheme }) => scheme === 'rope' || scheme === 'learned')?.scheme ?? 'nope';

/**
 * The label of the bias that carries a preset's position when it adds no vector to its tokens (ALiBi, T5 buckets), else null.
 * @param {Preset | undefined} preset @param {ReadonlyArray<{ name: string, label: string }>} schemeNames
 */
export function positionBias(preset, schemeNames) {
  if (!preset || drawnScheme(preset) !== 'nope') return null;
  const bias = preset.groups.find(({ scheme }) => scheme === 'alibi' || scheme === 't5');
  return bias ? nameLabel(schemeNames, bias.scheme) : null;
}

/**
 * The explorer's settings for a preset: RoPE at its head dimension and base; a learned table at dModel with as many
 * rows as the model was trained on (the Positions list has GPT-2's 1,024 and BERT's 512).
 * @param {Preset} preset @param {{ n: number }} state
 */
export function modelSetting(preset, state) {
  if (drawnScheme(preset) === 'nope') return { scheme: 'nope' };
  if (drawnScheme(preset) === 'learned') {
    return { scheme: 'learned', d: preset.dModel, table: 'fresh', n: TABLE_ROWS.find((n) => n >= preset.trainedLength) ?? state.n };
  }
  return { scheme: 'rope', d: preset.headDim, base: /** @type {{ base?: number }} */ (sequenceRope(preset)).base ?? 10000 };
}

/**
 * What the explorer draws for a picked model, in words; empty for custom settings.
 * @param {Preset | undefined} preset @param {{ pairing: ReadonlyArray<{ name: string, label: string }>, scalingKind: ReadonlyArray<{ name: string, label: string }>, scheme: ReadonlyArray<{ name: string, label: string }> }} names
 */
export function modelText(preset, names) {
  if (!preset) return '';
  const bias = positionBias(preset, names.scheme);
  if (bias) {
    return (
      `${preset.label}: adds no position vector to its tokens, so the heatmap is zeros. Its position is the ${bias} bias inside every attention layer, `
      + "added to each head's scores by the distance from query to key; the Position 5,000 view draws it for this model."
    );
  }
  if (drawnScheme(preset) === 'learned') {
    return (
      `${preset.label}: a learned table of ${int(preset.trainedLength)} rows of ${int(preset.dModel)} dimensions, with no row past ${int(preset.trainedLength - 1)}. `
      + 'It is drawn freshly initialised: the page has the shape of its table, not its trained weights.'
    );
  }
  const rope = /** @type {NonNullable<Preset['groups'][number]['rope']>} */ (sequenceRope(preset));
  const rotated = Math.floor(preset.headDim * (rope.rotaryFraction ?? 1));
  const scaling =
    rope.scaling?.kind && rope.scaling.kind !== 'none'
      ? `, ${nameLabel(names.scalingKind, rope.scaling.kind)} scaling (factor ${rope.scaling.factor}, from ${int(rope.scaling.trainedLength ?? 0)} tokens)`
      : '';
  const partial =
    rotated < preset.headDim ? ` Only the first ${int(rotated)} of ${int(preset.headDim)} dimensions rotate; the rest keep their value at every position.` : '';
  return (
    `${preset.label}: RoPE on a head of ${int(preset.headDim)} dimensions, base ${int(rope.base ?? 10000)}, pairs ${nameLabel(names.pairing, rope.pairing ?? 'interleaved')}${scaling}. `
    + `The heatmap rotates (1, 0) in every pair as the checkpoint does for a sequence of the chosen length.${partial}`
  );
}
