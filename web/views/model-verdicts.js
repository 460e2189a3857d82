// What a real model (posenc.models) does at position p, in words its numbers support: one
// summary of how far it was trained and extended, then one sentence per layer group (Gemma 3's
// local and global layers, Llama 4's and SmolLM3's NoPE layers, the unrotated dimensions of
// partial and decoupled RoPE). Every number comes from engine.beyondTrained({ model, p }).
import { element } from '../dom.js';
import { fixed, int } from './format.js';
import { nameLabel } from './labels.js';

/**
 * @typedef {{ name: string, label: string, scheme: string, layers: ArrayLike<number>, distance?: number, outOfRangeCount?: number,
 *   contextOutOfRangeCount?: number, rotaryDims?: number, unrotatedDims?: number, attentionFactor?: number, logitFactor?: number,
 *   queryScale?: number, pairs?: { wavelength: ArrayLike<number> }, [k: string]: unknown }} GroupAnalysis
 * @typedef {{ model: string, label: string, p: number, trainedLength: number, contextLength: number, beyond: boolean,
 *   beyondContext: boolean, groups: ReadonlyArray<GroupAnalysis> }} ModelAnalysis  engine.beyondTrained({ model, p })
 * @typedef {{ name: string, label: string, groups: ReadonlyArray<{ name: string, scheme: string, latentDims: number,
 *   rope?: { scaling?: { kind?: string } } }> }} ModelPreset  an entry of engine.models
 * @typedef {{ scalingKind: ReadonlyArray<{ name: string, label: string }> }} ScalingNames
 */

/** The scaling that extends the model past its trained length (the first RoPE group that has one), or null. */
export function extendingScaling(preset) {
  const group = preset.groups.find(({ rope }) => rope?.scaling?.kind && rope.scaling.kind !== 'none');
  return group ? /** @type {string} */ (group.rope?.scaling?.kind) : null;
}

/**
 * "Llama 3.1 8B at 200,000: trained to 8,192, extended by Llama 3 scaling to 131,072; past both."
 * @param {ModelAnalysis} analysis @param {ModelPreset} preset @param {ScalingNames} names
 */
function modelSummary(analysis, preset, names) {
  const { label, p, trainedLength, contextLength, beyond, beyondContext } = analysis;
  const kind = extendingScaling(preset);
  const extended = contextLength !== trainedLength;
  const how = extended
    ? `trained to ${int(trainedLength)}, extended ${kind ? `by ${nameLabel(names.scalingKind, kind)} scaling ` : ''}to ${int(contextLength)}`
    : `trained to ${int(trainedLength)}`;
  const where = !beyond ? 'within training' : !extended ? 'past training' : beyondContext ? 'past both' : 'past training, within the extension';
  return `${label} at ${int(p)}: ${how}; ${where}.`;
}

/** A group's label at the start of a sentence or a row ("every layer" -> "Every layer"). */
const groupName = (group) => `${group.label[0].toUpperCase()}${group.label.slice(1)}`;
/** Layers of a group, for people, with how many. */
const layersText = (group) => `${groupName(group)} (${int(group.layers.length)} ${group.layers.length === 1 ? 'layer' : 'layers'})`;

/**
 * One sentence for one RoPE or NoPE layer group; other schemes are described by the position view's columns.
 * @param {GroupAnalysis} group @param {ModelAnalysis} analysis @param {ModelPreset} preset
 */
function groupSentence(group, analysis, preset) {
  const head = layersText(group);
  if (group.scheme === 'nope') {
    const scale = group.queryScale ?? 1;
    return `${head}: no position is added, so nothing runs out at ${int(analysis.p)}${scale !== 1 ? `; queries are scaled by ${fixed(scale, 3)} there` : ''}.`;
  }
  if (group.scheme !== 'rope') return `${head}.`;
  const pairs = group.pairs?.wavelength.length ?? 0;
  const seen = group.distance === analysis.p ? `distance ${int(group.distance)}` : `the farthest key it sees is ${int(group.distance)} back`;
  const past = `${group.outOfRangeCount} of ${pairs} rotary pairs turn past any angle seen in training`;
  const context =
    analysis.contextLength !== analysis.trainedLength ? `, ${group.contextOutOfRangeCount} past those of the ${int(analysis.contextLength)}-token context` : '';
  const latent = preset.groups.find(({ name }) => name === group.name)?.latentDims ?? 0;
  const unrotated = !group.unrotatedDims
    ? ''
    : latent > 0
      ? ` The ${int(latent)}-dimension latent part of each query and key carries no position; only the ${int(group.rotaryDims ?? 0)}-dimension rotary part turns.`
      : ` ${int(group.unrotatedDims)} of ${int(group.unrotatedDims + (group.rotaryDims ?? 0))} dimensions per head are not rotated and carry no position.`;
  const factors = [
    group.attentionFactor !== 1 ? `attention factor ${fixed(group.attentionFactor ?? 1, 4)} on q and k` : '',
    group.logitFactor !== 1 ? `logit factor ${fixed(group.logitFactor ?? 1, 4)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return `${head}: ${seen}; ${past}${context}.${unrotated}${factors ? ` It applies ${factors}.` : ''}`;
}

/** The RoPE group whose keys reach farthest (Gemma 3's global layers rather than its local ones): the one drawn. */
const farthestRopeGroup = (analysis) =>
  analysis.groups
    .filter(({ scheme }) => scheme === 'rope')
    .reduce((best, group) => (!best || (group.distance ?? 0) > (best.distance ?? 0) ? group : best), /** @type {GroupAnalysis | null} */ (null));

const stat = (label, value) => [element('dt', [label]), element('dd', [value])];

/**
 * The column of a scheme the model uses: the summary and each of its groups of that scheme (RoPE columns also name the NoPE layers
 * and vice versa, as hybrid models mix them), with the RoPE numbers as a list. `describe` is the position view's describer for
 * the other schemes (learned, ALiBi, T5), given the model's trained length as L.
 * @param {ModelAnalysis} analysis @param {ModelPreset} preset @param {string} scheme @param {ScalingNames} names
 * @param {(result: any, state: { p: number, L: number, overflow: string }) => { verdict: string, body: Node[], pairs?: object }} [describe]
 * @param {string} [overflow]
 * @returns {{ verdict: string, body: Node[], pairs?: object }}
 */
export function modelColumn(analysis, preset, scheme, names, describe = undefined, overflow = 'clamp') {
  const summary = modelSummary(analysis, preset, names);
  const mixed = scheme === 'rope' || scheme === 'nope';
  const groups = analysis.groups.filter((group) => group.scheme === scheme || (mixed && (group.scheme === 'rope' || group.scheme === 'nope')));
  if (!mixed && describe) {
    const described = describe(groups[0], { p: analysis.p, L: analysis.trainedLength, overflow });
    return { ...described, verdict: `${summary} ${described.verdict}` };
  }
  const verdict = [summary, ...groups.map((group) => groupSentence(group, analysis, preset))].join(' ');
  const body = groups
    .filter((group) => group.scheme === 'rope')
    .map((group) =>
      element('dl', [
        ...stat(`${groupName(group)}: pairs past training`, `${group.outOfRangeCount} of ${group.pairs?.wavelength.length ?? 0}`),
        ...stat('Distance seen', int(group.distance ?? 0)),
        ...stat('Rotary dimensions', `${int(group.rotaryDims ?? 0)} of ${int((group.rotaryDims ?? 0) + (group.unrotatedDims ?? 0))}`),
      ]),
    );
  const drawn = scheme === 'rope' ? farthestRopeGroup(analysis) : null;
  return { verdict, body, pairs: drawn?.pairs };
}
