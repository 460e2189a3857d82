// "RoPE frequencies": per rotary pair, the wavelength before and after a scaling (log axis), the
// trained length and the extended context marked, and which pairs a scaling keeps, divides by its
// factor or blends in between (Llama 3's bands, YaRN's ramp; LongRoPE's short and long factors).
// For a real model (posenc.models) or custom settings; every number is engine.ropeFrequencies'.
import { element } from '../dom.js';
import { createLineChart } from './line-chart.js';
import { fieldProblem, readWholeNumber } from './field-check.js';
import { fixed, int, sci } from './format.js';
import { nameLabel } from './labels.js';
import { createModelPicker } from './model-picker.js';
import { extendingScaling } from './model-verdicts.js';
import { viewIntro } from './view-intro.js';
import { settableScaling } from '../router.js';

/**
 * @typedef {{ model?: string, group?: string, headDim: number, base: number, L: number, scaling: string, factor: number }} FrequencyState
 *   group: which of a model's layer groups is shown (Gemma 3's local or global layers, Llama 4's RoPE or NoPE ones); absent: the
 *   group with the model's scaling, else its first RoPE group
 */

/** How a scaling treats one pair, from its frequencies before and after: kept, divided by the factor, or in between. */
const PAIR_BANDS = /** @type {const} */ (['kept', 'between', 'divided']);
const BAND_NAMES = { kept: 'kept', between: 'in between', divided: 'divided by s' };
/** Relative slack when comparing a ratio of two engine frequencies with 1 or 1/s: both are exact to ~1e-15. */
const SAME = 1e-9;

/**
 * Each pair's band: `kept` when the scaled frequency equals the trained one, `divided` when it is the trained one over `factor`,
 * `between` otherwise (NTK-aware and dynamic slow every pair by its own amount, so most are in between).
 * @param {ArrayLike<number>} before @param {ArrayLike<number>} after @param {number} factor
 * @returns {('kept' | 'between' | 'divided')[]}
 */
function pairBands(before, after, factor) {
  return Array.from(before, (trained, i) => {
    const ratio = trained / after[i];
    if (Math.abs(ratio - 1) <= SAME) return 'kept';
    if (Math.abs(ratio - factor) <= SAME * factor) return 'divided';
    return 'between';
  });
}

const wavelengths = (frequencies) => Array.from(frequencies, (theta) => (2 * Math.PI) / theta);

/**
 * @param {HTMLElement} container
 * @param {import('../posenc.js').Posenc} engine
 * @param {(state: FrequencyState, commit: boolean) => void} onChange
 */
export function createFrequencyView(container, engine, onChange) {
  // Custom settings first (no ?model in the URL): YaRN stretching a 4,096-token Llama 2-sized head 8 times.
  let state = /** @type {FrequencyState} */ ({ model: undefined, headDim: 128, base: 10000, L: 4096, scaling: 'yarn', factor: 8 });
  // Only presets with RoPE layers have frequencies to show.
  const ropeModels = engine.models.filter((model) => model.groups.some((group) => group.scheme === 'rope'));
  const picker = createModelPicker('freq-model', ropeModels);
  const groupSelect = /** @type {HTMLSelectElement} */ (element('select', [], { id: 'freq-group' }));
  const groupControl = element('div', [element('label', ['Layers'], { attributes: { for: groupSelect.id } }), groupSelect], { className: 'control' });
  const scalingKinds = engine.names.scalingKind.filter(settableScaling);
  const number = (id, min, max, step) =>
    /** @type {HTMLInputElement} */ (element('input', [], { id, attributes: { type: 'number', min: String(min), max: String(max), step: String(step) } }));
  const headDimInput = number('freq-head-dim', 8, 1024, 2);
  const baseInput = number('freq-base', 2, 1e7, 'any');
  // L is a trained length, a number only (limits.maxTrainedLength); L x s, the scaled context, is a
  // sequence length the frequencies are computed for (at most limits.maxAnalysisPosition + 1).
  const lInput = number('freq-l', 1, engine.limits.maxTrainedLength, 1);
  const maxContext = engine.limits.maxAnalysisPosition + 1;
  /** L x s of custom settings that scale, when it is past maxContext (else 0). @param {{ model?: string, scaling: string, L: number, factor: number }} settings */
  const contextPastBound = ({ model, scaling, L, factor }) => {
    const context = Math.round(L * factor);
    return !model && scaling !== 'none' && context > maxContext ? context : 0;
  };
  const factorInput = number('freq-factor', 1, 1024, 'any');
  const scalingSelect = /** @type {HTMLSelectElement} */ (
    element(
      'select',
      // Every kind, so a model's scaling shows here; custom settings can choose only the kinds set by s and L alone.
      engine.names.scalingKind.map((kind) =>
        element('option', [kind.label], { attributes: { value: kind.name, ...(settableScaling(kind) ? {} : { disabled: '' }) } }),
      ),
      { id: 'freq-scaling' },
    )
  );
  const problems = { headDim: fieldProblem(headDimInput), base: fieldProblem(baseInput), L: fieldProblem(lInput), factor: fieldProblem(factorInput) };
  const field = (input, text, problem) =>
    element('div', [element('label', [text], { attributes: { for: input.id } }), input, problem.message], { className: 'control' });
  const custom = [
    field(headDimInput, 'Head dimension', problems.headDim),
    field(baseInput, 'Base', problems.base),
    field(lInput, 'Trained length L', problems.L),
    element('div', [element('label', ['Scaling'], { attributes: { for: scalingSelect.id } }), scalingSelect], { className: 'control' }),
    field(factorInput, 'Factor s', problems.factor),
  ];
  const controls = element('form', [element('div', [picker.label, picker.select], { className: 'control' }), groupControl, ...custom], {
    className: 'controls',
    attributes: { 'aria-label': 'Frequency settings' },
  });
  controls.addEventListener('submit', (event) => event.preventDefault());

  const settingsText = element('p', [], { className: 'help', id: 'freq-settings' });
  const noticeText = element('span', []);
  const notice = element('p', [element('strong', ['What to notice: ']), noticeText], { className: 'notice-line', id: 'freq-notice' });
  const chartBox = element('div', [], { className: 'chart', id: 'freq-chart' });
  const bandStrip = element('ol', [], { className: 'band-strip', id: 'freq-bands', attributes: { 'aria-label': "Each pair's band, fast to slow" } });
  const bandKey = element(
    'p',
    PAIR_BANDS.map((band) => element('span', [BAND_NAMES[band]], { className: `band-key band-${band}` })),
    { className: 'band-keys', attributes: { 'aria-hidden': 'true' } },
  );
  const tableBody = element('tbody', []);
  const tableHead = element('tr', []);
  const table = element('table', [element('caption', ['Per pair: wavelength in tokens before and after scaling']), element('thead', [tableHead]), tableBody], {
    className: 'compact',
    id: 'freq-table',
  });
  const bandFigure = element('figure', [bandStrip, element('figcaption', [bandKey])], { className: 'band-figure' });
  const pairTable = element('details', [element('summary', ['The numbers, pair by pair']), table]);
  // Everything drawn from a group's frequencies: hidden for a group without rotary pairs.
  const drawn = [chartBox, bandFigure, pairTable];
  const chart = createLineChart(chartBox, {
    xLabel: 'pair',
    yLabel: 'log₁₀ wavelength (tokens)',
    title: 'Wavelength per pair before and after scaling, log scale',
    height: 260,
  });

  container.append(
    ...viewIntro({
      view: 'frequencies',
      heading: 'RoPE frequencies before and after scaling',
      lede: 'Each rotary pair turns with its own wavelength. A scaling stretches some of them so that positions past the trained length land on angles training saw. Pick a model to see the scaling its checkpoint runs with, or set your own.',
    }),
    controls,
    settingsText,
    notice,
    chartBox,
    bandFigure,
    pairTable,
  );

  /** The layer group shown of a preset: the one picked, else the one with the model's scaling, else its first RoPE group. */
  function shownGroup(preset) {
    const picked = preset.groups.find(({ name }) => name === state.group);
    if (picked) return picked;
    const kind = extendingScaling(preset);
    return preset.groups.find(({ rope }) => rope && (kind === null || rope.scaling?.kind === kind));
  }

  /** The group picker lists the preset's layer groups, by their labels; it shows only for a model with more than one. */
  function showGroups(preset, group) {
    const several = Boolean(preset && preset.groups.length > 1);
    groupControl.hidden = !several;
    if (!several) return groupSelect.replaceChildren();
    const names = preset.groups.map(({ name }) => name).join();
    if (groupSelect.dataset.model !== preset.name || groupSelect.dataset.groups !== names) {
      groupSelect.replaceChildren(...preset.groups.map(({ name, label }) => element('option', [groupLabel(label)], { attributes: { value: name } })));
      groupSelect.dataset.model = preset.name;
      groupSelect.dataset.groups = names;
    }
    groupSelect.value = group.name;
  }

  /** The RoPE settings shown: the model's (shownGroup) or the custom ones; rope is null for a group without RoPE. */
  function settings() {
    const preset = picker.find(state.model);
    if (!preset) {
      const scaling = /** @type {import('../posenc.js').RopeScaling} */ (
        state.scaling === 'none' ? { kind: 'none' } : { kind: state.scaling, factor: state.factor, trainedLength: state.L }
      );
      // As Hugging Face's configs: the scaled context is the original length times the factor.
      const contextLength = state.scaling === 'none' ? state.L : Math.round(state.L * state.factor);
      return { preset: null, group: null, headDim: state.headDim, rope: { base: state.base, scaling }, trainedLength: state.L, contextLength };
    }
    const group = shownGroup(preset);
    return { preset, group, headDim: preset.headDim, rope: group.rope ?? null, trainedLength: preset.trainedLength, contextLength: preset.contextLength };
  }

  function render() {
    const shown = settings();
    showGroups(shown.preset, shown.group);
    for (const part of drawn) part.hidden = !shown.rope;
    disableCustomFields(shown);
    if (!shown.rope) return renderUnrotated(shown);
    const { rope, headDim, trainedLength, contextLength } = shown;
    const scaling = rope.scaling ?? { kind: 'none' };
    const kind = scaling.kind ?? 'none';
    const before = engine.ropeFrequencies({ headDim, ...rope, scaling: { kind: 'none' } });
    const after = engine.ropeFrequencies({ headDim, ...rope, sequenceLength: contextLength });
    // LongRoPE switches factor sets at its original length: the short set is what runs up to it.
    const short = kind === 'longrope' ? engine.ropeFrequencies({ headDim, ...rope, sequenceLength: trainedLength }) : null;
    const factor = scaling.factor ?? 1;
    const bands = kind === 'none' ? null : pairBands(before.frequencies, after.frequencies, factor);
    const x = Array.from(before.frequencies, (_, i) => i);
    const log = (values) => values.map((v) => Math.log10(v));
    const scalingName = nameLabel(engine.names.scalingKind, kind);
    const series = [{ label: 'before scaling', values: log(wavelengths(before.frequencies)) }];
    if (short) series.push({ label: `${scalingName}, short factors (up to L)`, values: log(wavelengths(short.frequencies)), dash: [2, 3] });
    if (kind !== 'none')
      series.push({ label: short ? `${scalingName}, long factors (past L)` : `after ${scalingName}`, values: log(wavelengths(after.frequencies)) });
    series.push({ label: `trained length ${int(trainedLength)}`, values: x.map(() => Math.log10(trainedLength)), dash: [6, 4] });
    if (contextLength !== trainedLength) series.push({ label: `context ${int(contextLength)}`, values: x.map(() => Math.log10(contextLength)), dash: [1, 3] });
    chart.show(x, series);

    const beforeWave = wavelengths(before.frequencies),
      afterWave = wavelengths(after.frequencies);
    tableHead.replaceChildren(
      ...['Pair', 'Before', short ? 'Short' : null, kind === 'none' ? null : 'After', bands ? 'Band' : null]
        .filter(Boolean)
        .map((h) => element('th', [h], { attributes: { scope: 'col' } })),
    );
    tableBody.replaceChildren(
      ...x.map((i) =>
        element('tr', [
          element('th', [String(i)], { attributes: { scope: 'row' } }),
          element('td', [sci(beforeWave[i], 4)]),
          ...(short ? [element('td', [sci(wavelengths(short.frequencies)[i], 4)])] : []),
          ...(kind === 'none' ? [] : [element('td', [sci(afterWave[i], 4)])]),
          ...(bands ? [element('td', [BAND_NAMES[bands[i]]])] : []),
        ]),
      ),
    );
    bandStrip.hidden = !bands;
    bandKey.hidden = !bands;
    if (bands)
      bandStrip.replaceChildren(
        ...bands.map((band, i) => element('li', [], { className: `band-${band}`, attributes: { title: `pair ${i}: ${BAND_NAMES[band]}` } })),
      );

    const who = shownName(shown);
    settingsText.textContent =
      `${who}. Head dimension ${int(headDim)} (${int(before.rotaryDims)} rotated, ${x.length} pairs), base ${int(rope.base ?? 10000)}, `
      + `${kind === 'none' ? 'no scaling' : `${scalingName}${factor !== 1 ? ` with s = ${fixed(factor, 2)}` : ''}`}, trained to ${int(trainedLength)}`
      + `${contextLength !== trainedLength ? `, context ${int(contextLength)}` : ''}; attention factor ${fixed(after.attentionFactor, 4)}.`;
    noticeText.textContent =
      frequencyNotice({ beforeWave, afterWave, bands, trainedLength, contextLength, factor, kind, scalingName }) + spanNotice(shown.group?.span, afterWave);
  }

  /** A group whose layers add no position (Llama 4's and SmolLM3's NoPE layers) has no pairs to draw: it says so instead. */
  function renderUnrotated(shown) {
    settingsText.textContent = `${shownName(shown)}. No rotary frequencies: these layers carry no position.`;
    noticeText.textContent =
      'Nothing is rotated or added in these layers, so no pair can run past the angles training saw. '
      + 'Where a key sits reaches them only through the causal mask and what the RoPE layers below have already mixed in.';
  }

  /** A model sets all of the custom fields: they show its values, disabled (the custom ones come back with Custom). */
  function disableCustomFields(shown) {
    if (shown.preset) {
      const scaling = shown.rope?.scaling ?? { kind: 'none' };
      headDimInput.value = String(shown.headDim);
      baseInput.value = shown.rope ? String(shown.rope.base ?? 10000) : '';
      lInput.value = String(shown.trainedLength);
      scalingSelect.value = scaling.kind ?? 'none';
      factorInput.value = String(scaling.factor ?? 1);
      for (const problem of Object.values(problems)) problem.clear();
    }
    for (const input of [headDimInput, baseInput, lInput, scalingSelect, factorInput]) input.disabled = Boolean(shown.preset);
    // A group without RoPE has no head of rotary pairs, base or scaling to show.
    for (const control of custom) control.hidden = !shown.rope;
  }

  function syncControls() {
    picker.select.value = state.model ?? '';
    showCustomFields();
  }

  /** The custom settings in their fields (a model's values stand there while it is picked). */
  function showCustomFields() {
    headDimInput.value = String(state.headDim);
    baseInput.value = String(state.base);
    lInput.value = String(state.L);
    scalingSelect.value = state.scaling;
    factorInput.value = String(state.factor);
    for (const problem of Object.values(problems)) problem.clear();
  }

  /** The custom fields, or null while one is refused (its message shows beside it). */
  function readControls() {
    const read = {
      headDim: readWholeNumber(headDimInput.value, { name: 'The head dimension', min: 8, max: 1024, even: true }),
      L: readWholeNumber(lInput.value, { name: 'L', min: 1, max: engine.limits.maxTrainedLength }),
      base: readReal(baseInput.value, 'The base', 2, 1e7),
      factor: readReal(factorInput.value, 'The factor s', 1, 1024),
    };
    let good = true;
    for (const [name, result] of Object.entries(read)) {
      if ('problem' in result) {
        problems[name].show(result.problem);
        good = false;
      } else problems[name].clear();
    }
    if (!good) return null;
    const value = (/** @type {{ value: number } | { problem: string }} */ result) => ('value' in result ? result.value : Number.NaN);
    const model = picker.find(picker.select.value)?.name;
    const context = contextPastBound({ model, scaling: scalingSelect.value, L: value(read.L), factor: value(read.factor) });
    if (context) {
      problems.factor.show(
        `The scaled context L × s must be at most ${int(maxContext)}; got ${int(context)} (L ${int(value(read.L))} × s ${fixed(value(read.factor), 2)}).`,
      );
      return null;
    }
    return {
      model,
      // A new model opens at its default group.
      group: model !== undefined && model === state.model && !groupControl.hidden ? groupSelect.value : undefined,
      headDim: value(read.headDim),
      L: value(read.L),
      base: value(read.base),
      factor: value(read.factor),
      scaling: scalingSelect.value,
    };
  }

  const changed = () => {
    const next = readControls();
    if (!next) return;
    state = next;
    render();
    onChange(state, true);
  };
  // Back to Custom: the fields get the custom settings back before they are read.
  picker.select.addEventListener('change', () => {
    if (!picker.find(picker.select.value)) showCustomFields();
  });
  for (const input of [picker.select, groupSelect, headDimInput, baseInput, lInput, scalingSelect, factorInput]) input.addEventListener('change', changed);

  return {
    /** Shows `next` (from a link or history); a model the engine does not list, a scaling the custom form cannot set, or an L x s
     * past the scaled context the engine computes keeps the default. */
    show(next) {
      const settings = { ...next };
      if (!picker.find(settings.model)) delete settings.model;
      if (!picker.find(settings.model)?.groups.some(({ name }) => name === settings.group)) delete settings.group;
      if (!scalingKinds.some(({ name }) => name === settings.scaling)) delete settings.scaling;
      // A link whose L x s is past the scaled context the engine computes keeps the default L and s.
      if (contextPastBound({ ...state, ...settings })) {
        delete settings.L;
        delete settings.factor;
      }
      state = { ...state, ...settings, model: settings.model, group: settings.group };
      syncControls();
      render();
    },
    get state() {
      return state;
    },
  };
}

/**
 * For layers whose keys are capped by a window or chunks (Gemma 3's local layers, Llama 4's RoPE layers): the distances they
 * compare stay below its size, so pairs slower than that never turn even once between a query and a key it sees.
 * @param {{ kind: string, size: number } | undefined} span @param {number[]} waves
 */
function spanNotice(span, waves) {
  if (!span || span.kind === 'full') return '';
  const slow = waves.filter((w) => w > span.size).length;
  return ` In these layers a query sees no key ${int(span.size)} or more positions back, so ${slow} of ${waves.length} pairs never complete a turn between a query and any key it sees.`;
}

/** A layer group's label as a picker option: it starts with a capital. */
const groupLabel = (label) => `${label[0].toUpperCase()}${label.slice(1)}`;

/** Who the numbers shown belong to: the model, and its layer group when it has several; or the custom settings. */
function shownName({ preset, group }) {
  if (!preset) return 'Custom settings';
  return preset.groups.length > 1 && group ? `${preset.label}, ${group.label}` : preset.label;
}

/** A number typed in a field, from min to max. */
function readReal(text, name, min, max) {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value) || value < min || value > max)
    return { problem: `${name} must be a number from ${int(min)} to ${int(max)}; got ${text.trim().slice(0, 20) || 'nothing'}.` };
  return { value };
}

/**
 * What the numbers shown say: how many pairs each band holds and where they sit against L, and which pairs
 * turn less than once within the trained length before and after scaling.
 */
function frequencyNotice({ beforeWave, afterWave, bands, trainedLength, contextLength, factor, kind, scalingName }) {
  const pairs = beforeWave.length;
  const slowBefore = beforeWave.filter((w) => w > trainedLength).length;
  const first = slowBefore > 0 ? beforeWave.findIndex((w) => w > trainedLength) : -1;
  const opening =
    slowBefore === 0
      ? `every one of the ${pairs} pairs completes a turn within the trained length ${int(trainedLength)}`
      : `pairs ${first} to ${pairs - 1} (${slowBefore} of ${pairs}) never complete a turn within the trained length ${int(trainedLength)}, so training saw only part of their circle`;
  if (!bands) return `Without scaling, ${opening}.`;
  const count = (band) => bands.filter((b) => b === band).length;
  const slowAfter = afterWave.filter((w) => w > contextLength).length;
  const parts = [];
  if (count('kept') > 0)
    parts.push(
      `${count('kept')} fast pairs keep their wavelength (the longest kept is ${int(Math.max(...beforeWave.filter((_, i) => bands[i] === 'kept')))} tokens)`,
    );
  if (count('divided') > 0) parts.push(`${count('divided')} slow pairs are stretched by the full s = ${fixed(factor, 2)}`);
  if (count('between') > 0) parts.push(`${count('between')} are stretched by less${kind === 'longrope' ? ', each by its own long factor' : ''}`);
  return `Before scaling, ${opening}. ${scalingName}: ${parts.join('; ')}. After it, ${slowAfter} of ${pairs} pairs still turn less than once within the ${int(contextLength)}-token context.`;
}
