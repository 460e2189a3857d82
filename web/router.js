// The URL holds the view and its settings (?view=position&p=5000&L=2048&d=512), so a reload,
// a shared link or back/forward restores exactly what was on screen. Values outside their range
// fall back to the default rather than failing: a hand-edited link still opens. The parameter
// table below is the one list of what each view reads: decks' "See it live" links are checked
// against it too (linkProblems).
import { LESSON_STEP_IDS } from './lesson/outline.js';

/** Every view; the first is the landing page (no ?view, or one the page does not know). */
export const VIEWS = ['home', 'lesson', 'quiz', 'encodings', 'position', 'frequencies', 'grid', 'model'];
/** Each view's name as people read it (its tab in index.html). */
export const VIEW_NAMES = Object.freeze({
  home: 'Start here',
  lesson: 'Lesson',
  quiz: 'Flash cards',
  encodings: 'Encodings',
  position: 'Position 5,000',
  frequencies: 'RoPE frequencies',
  grid: 'Image positions',
  model: 'Toy model',
});
/** The views a card's "See it live" link may open (not the quiz it comes from, nor the landing page). */
const LINKED_VIEWS = ['lesson', 'encodings', 'position', 'frequencies', 'grid', 'model'];

// Numbers as a person writes them: "5000", "1e4", "0.5"; not "", " 5", "0x10" or "Infinity" (Number() takes those).
const wholeText = /^-?\d{1,16}$/;
const decimalText = /^-?(?:\d{1,16}(?:\.\d{0,16})?|\.\d{1,16})(?:e[-+]?\d{1,3})?$/i;
const grouped = (n) => n.toLocaleString('en-US');
/** A codec reads one parameter's text (undefined when refused), writes it back, and says what it allows. */
const integer = (min, max) => ({
  parse: (text) => {
    const v = wholeText.test(text) ? Number(text) : NaN;
    return Number.isInteger(v) && v >= min && v <= max ? v : undefined;
  },
  format: String,
  allowed: `a whole number from ${grouped(min)} to ${grouped(max)}`,
});
const evenInteger = (min, max) => ({
  parse: (text) => {
    const v = integer(min, max).parse(text);
    return v % 2 === 0 ? v : undefined;
  },
  format: String,
  allowed: `an even whole number from ${grouped(min)} to ${grouped(max)}`,
});
const number = (min, max) => ({
  parse: (text) => {
    const v = decimalText.test(text) ? Number(text) : NaN;
    return Number.isFinite(v) && v >= min && v <= max ? v : undefined;
  },
  format: String,
  allowed: `a number from ${grouped(min)} to ${grouped(max)}`,
});
const oneOf = (...choices) => ({ parse: (text) => (choices.includes(text) ? text : undefined), format: String, allowed: `one of ${choices.join(', ')}` });
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const kebabCase = { parse: (text) => (KEBAB.test(text) ? text : undefined), format: String, allowed: 'a kebab-case name' };
const kebabList = (max) => ({
  parse: (text) => {
    const v = text.split(',');
    return v.length <= max && v.every((id) => KEBAB.test(id)) ? v : undefined;
  },
  format: (list) => list.join(','),
  allowed: `up to ${max} kebab-case ids separated by commas`,
});
/**
 * A name from one of the engine's tables (posenc.names[table]): the page keeps no copy of the list,
 * so the URL takes any name of that form and the view that reads it keeps only names the engine
 * lists; a deck's link is checked against the list where the engine is at hand (linkProblems).
 */
const engineNameText = /^[A-Za-z0-9]{1,32}$/;
const engineName = (table) => ({
  parse: (text) => (engineNameText.test(text) ? text : undefined),
  format: String,
  allowed: `a name the engine lists in names.${table}`,
  table,
});
/** A training preset's name: the model view keeps only presets the engine lists (training.presets, checked as names.preset where given). */
const presetName = { ...engineName('preset'), allowed: "the name of one of the engine's training presets" };
const integerList = (max) => ({
  parse: (text) => {
    const parts = text.split(',', 17);
    const v = parts.map((part) => (wholeText.test(part) ? Number(part) : NaN));
    return v.length > 0 && v.length <= 16 && v.every((n) => Number.isInteger(n) && n >= 0 && n <= max) ? v : undefined;
  },
  format: (list) => list.join(','),
  allowed: `up to 16 whole numbers from 0 to ${grouped(max)} separated by commas`,
});

/**
 * Which cards a cram session draws: all; a topic; a tag; the cards whose "See it live" links open
 * a view (live:position); or a list of card ids (cards:a,b). Read by web/quiz/cram-mode.js.
 */
const scope = {
  parse(text) {
    if (text === 'all') return text;
    const [, kind, value] = /^(\w+):(.*)$/s.exec(text) ?? [];
    if (kind === 'topic' && value.trim() !== '' && value.length <= 100) return text;
    if (kind === 'tag' && KEBAB.test(value)) return text;
    if (kind === 'live' && LINKED_VIEWS.includes(value)) return text;
    if (kind === 'cards' && kebabList(64).parse(value)) return text;
    return undefined;
  },
  format: String,
  allowed: `all, topic:<topic>, tag:<tag>, live:<${LINKED_VIEWS.join(' | ')}> or cards:<id,id,...>`,
};

/** The image-positions view's patch grid: 16 x 16 patches (Qwen2-VL's 448 px image after its 2 x 2 merge), up to 64 frames. */
export const IMAGE_GRID = Object.freeze({ frames: 64, rows: 16, cols: 16 });
const POSITION = integer(0, 65536);
/** The position view's p: up to the engine's analysis bound (limits.maxAnalysisPosition, 2^24). */
const ANALYSIS_POSITION = integer(0, 16777216);
/** The position view's L: up to the engine's bound on a trained length (limits.maxTrainedLength, 2^24). */
const TRAINED_LENGTH = integer(1, 16777216);
/** A real model's name (posenc.models, listed as names.model): the views keep only names the engine lists. */
const MODELS = {
  parse: (text) => (/^[a-z0-9][a-z0-9.-]{0,39}$/.test(text) ? text : undefined),
  format: String,
  allowed: 'a name the engine lists in names.model',
  table: 'model',
};
const SCHEMES = engineName('scheme');
const OVERFLOWS = engineName('overflow');
/**
 * The RoPE scalings a link may set: those the position view offers, set by s and L alone and with one
 * set of frequencies for every length (LongRoPE needs a checkpoint's per-pair factors; it and dynamic
 * NTK change with the sequence's length, where a trained toy model keeps one set).
 * @param {{ perPairFactors: boolean, followsLength: boolean }} kind an entry of names.scalingKind
 */
export const settableScaling = ({ perPairFactors, followsLength }) => !perPairFactors && !followsLength;
const SCALINGS = { ...engineName('scalingKind'), keep: settableScaling };

/** URL parameter name -> [state field, codec], per view (looked up only through own properties). */
const PARAMETERS = {
  home: {},
  // Each step reads the settings its instrument has (web/lesson/steps.js) and keeps its own ranges.
  lesson: {
    step: ['step', integer(1, LESSON_STEP_IDS.length)],
    p: ['p', POSITION],
    d: ['d', evenInteger(8, 1024)],
    n: ['n', oneOf('256', '512', '1024', '2048', '4096', '8192')],
    scheme: ['scheme', SCHEMES],
    overflow: ['overflow', OVERFLOWS],
    scaling: ['scaling', SCALINGS],
    heads: ['heads', integer(1, 64)],
  },
  position: {
    model: ['model', MODELS],
    p: ['p', ANALYSIS_POSITION],
    L: ['L', TRAINED_LENGTH],
    d: ['d', oneOf('64', '128', '256', '512', '1024')],
    overflow: ['overflow', OVERFLOWS],
    scaling: ['scaling', SCALINGS],
  },
  encodings: {
    model: ['model', MODELS],
    scheme: ['scheme', oneOf('sinusoidal', 'concat', 'rope', 'learned', 'nope')],
    d: ['d', evenInteger(8, 1024)],
    base: ['base', number(2, 1e9)],
    n: ['n', oneOf('256', '512', '1024', '2048', '4096', '8192')],
    p: ['p', integer(0, 8191)],
    dims: ['dims', integerList(1023)],
    table: ['table', oneOf('fresh', 'trained')],
  },
  // A RoPE model's frequencies (layers: which of its layer groups), or custom ones: head dimension, base, trained length, scaling and its factor.
  frequencies: {
    model: ['model', MODELS],
    layers: ['group', kebabCase],
    headDim: ['headDim', evenInteger(8, 1024)],
    base: ['base', number(2, 1e7)],
    L: ['L', TRAINED_LENGTH],
    scaling: ['scaling', SCALINGS],
    s: ['factor', number(1, 1024)],
  },
  grid: {
    axes: ['axes', engineName('rotaryAxes')],
    t: ['t', integer(0, IMAGE_GRID.frames - 1)],
    h: ['h', integer(0, IMAGE_GRID.rows - 1)],
    w: ['w', integer(0, IMAGE_GRID.cols - 1)],
  },
  // The quiz checks the mode's name itself; decks: the deck ids Review draws from (all when absent);
  // scope: what Cram draws from; card: the card Cram opens at.
  quiz: { mode: ['mode', kebabCase], decks: ['decks', kebabList(64)], scope: ['scope', scope], card: ['card', kebabCase] },
  // experiment: one past L (scaling, finetune, passkey, hybrid); size: its preset's name (quick, larger). The view keeps only what it lists.
  model: {
    preset: ['preset', presetName],
    seed: ['seed', integer(0, 1000000)],
    experiment: ['experiment', engineName('gridExperiment')],
    size: ['size', { ...engineName('gridSize'), allowed: "the name of one of the engine's grid presets" }],
  },
};
const NUMERIC_CHOICES = new Set(['d', 'n']);
/** Page-wide parameters kept whatever the view: embedding, an extra deck, the theme. */
const KEPT = ['embed', 'deck', 'theme'];

const viewOf = (params) => (VIEWS.includes(params.get('view')) ? params.get('view') : VIEWS[0]);

/** The view's settings in `params`, each through its codec; refused values are left out. */
function readSettings(view, params) {
  const settings = Object.create(null);
  for (const [name, [field, codec]] of Object.entries(PARAMETERS[view])) {
    if (!params.has(name)) continue;
    const value = codec.parse(params.get(name));
    if (value !== undefined) settings[field] = NUMERIC_CHOICES.has(name) && typeof value === 'string' ? Number(value) : value;
  }
  return settings;
}

/**
 * Reads the view, the embed flag, the view's settings and the way back (a link's return address)
 * from a query string.
 * @returns {{ view: string, embed: boolean, settings: Record<string, unknown>, params: URLSearchParams,
 *   back: { view: string, settings: Record<string, unknown>, query: string } | null }}
 *   back: where "Back to ..." leads, already rewritten from known settings only (never a link elsewhere)
 */
export function readLocation(search = location.search) {
  const params = new URLSearchParams(search);
  const view = viewOf(params);
  return { view, embed: params.get('embed') === '1', settings: readSettings(view, params), params, back: readBack(params) };
}

/** The `back` parameter: another place in this page, rebuilt from its known settings (one level: no back of its own). */
function readBack(params) {
  const text = params.get('back');
  if (text === null || text.length > 2000) return null;
  const target = new URLSearchParams(text);
  if (!target.has('view')) return null;
  const view = viewOf(target);
  const settings = readSettings(view, target);
  const kept = new URLSearchParams();
  for (const name of KEPT) if (params.has(name)) kept.set(name, params.get(name));
  return { view, settings, query: queryFor(view, settings, kept) };
}

/**
 * The query string for a view and its settings, keeping the page-wide parameters (embed, deck,
 * theme) and, while the view stays the same, the way back.
 * @param {string} view
 * @param {Record<string, unknown>} settings
 * @param {URLSearchParams} [current]
 * @param {{ back?: string }} [options]  back: a query string of this page to offer a way back to
 */
export function queryFor(view, settings, current = new URLSearchParams(location.search), { back = undefined } = {}) {
  const params = new URLSearchParams();
  params.set('view', view);
  for (const [name, [field, codec]] of Object.entries(Object.hasOwn(PARAMETERS, view) ? PARAMETERS[view] : {})) {
    if (settings[field] !== undefined) params.set(name, codec.format(settings[field]));
  }
  for (const keep of KEPT) if (current.has(keep)) params.set(keep, current.get(keep));
  if (back !== undefined) params.set('back', back);
  else if (current.has('back') && viewOf(current) === view) params.set('back', current.get('back'));
  return `?${params}`;
}

/**
 * Where a link opens: `params` as written in a deck or a lesson (URL names, text or numbers),
 * read through the view's codecs like any URL, with `back` as the way back.
 * @param {string} view @param {Record<string, string | number>} params @param {{ back?: string }} [options]
 */
export function linkQuery(view, params, { back = undefined } = {}) {
  const written = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)]));
  return queryFor(view, readSettings(view, written), new URLSearchParams(location.search), { back });
}

/**
 * Why a "See it live" link would not open as written: one { path, message } per problem, none when
 * it would. Names, values and what each parameter allows come from the table above; names from the
 * engine's tables are checked against `names` (posenc.names) when given.
 * @param {unknown} view @param {unknown} params
 * @param {{ names?: Record<string, readonly { name: string }[]> }} [options]
 * @returns {{ path: string, message: string }[]}
 */
export function linkProblems(view, params, { names = undefined } = {}) {
  const problems = [];
  const known = typeof view === 'string' && LINKED_VIEWS.includes(view);
  if (!known)
    problems.push({
      path: 'view',
      message: `must be one of ${LINKED_VIEWS.join(', ')}; got ${typeof view === 'string' ? JSON.stringify(view.slice(0, 40)) : typeof view}`,
    });
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    problems.push({
      path: 'params',
      message: `must be an object of URL parameters, e.g. { "p": 5000 }; got ${Array.isArray(params) ? 'a list' : String(params)}`,
    });
    return problems;
  }
  if (!known) return problems;
  const table = PARAMETERS[view];
  for (const [name, value] of Object.entries(params)) {
    const path = `params.${name.slice(0, 40)}`;
    if (!Object.hasOwn(table, name)) {
      problems.push({ path, message: `is not a setting of the ${view} view; it has ${Object.keys(table).join(', ')}` });
      continue;
    }
    const codec = table[name][1];
    const listed = codec.table && names?.[codec.table] ? names[codec.table].filter(codec.keep ?? (() => true)).map((entry) => entry.name) : null;
    const usable =
      (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))
      && codec.parse(String(value)) !== undefined
      && (!listed || listed.includes(String(value)));
    const allowed = listed ? `one of ${listed.join(', ')}` : codec.allowed;
    if (!usable) problems.push({ path, message: `must be ${allowed}; got ${typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : String(value)}` });
  }
  return problems;
}

/** How long a dragged control's URL waits for the next change: a replaceState on every slider
 * step costs a tenth of the step, and Chromium throttles a page that calls it hundreds of times. */
const REPLACE_DELAY_MS = 150;
let pendingReplace = 0;

/** Records a view and its settings: a new history entry when `push`, else replaces the current
 * one once the settings have held still for REPLACE_DELAY_MS (the last one always lands). */
export function writeLocation(view, settings, push) {
  clearTimeout(pendingReplace);
  const write = () => {
    const query = queryFor(view, settings);
    if (query === location.search) return;
    if (push) history.pushState(null, '', query);
    else history.replaceState(null, '', query);
  };
  if (push) write();
  else pendingReplace = setTimeout(write, REPLACE_DELAY_MS);
}

/** Drops a replace still waiting, before the page moves to another history entry itself. */
export function cancelPendingLocation() {
  clearTimeout(pendingReplace);
}
