// The URL holds the view and its settings (?view=position&p=5000&L=2048&d=512), so a reload,
// a shared link or back/forward restores exactly what was on screen. Values outside their range
// fall back to the default rather than failing: a hand-edited link still opens.

export const VIEWS = ['quiz', 'encodings', 'position', 'model'];

// Numbers as a person writes them: "5000", "1e4", "0.5"; not "", " 5", "0x10" or "Infinity" (Number() takes those).
const wholeText = /^-?\d{1,16}$/;
const decimalText = /^-?(?:\d{1,16}(?:\.\d{0,16})?|\.\d{1,16})(?:e[-+]?\d{1,3})?$/i;
const integer = (min, max) => ({ parse: (text) => { const v = wholeText.test(text) ? Number(text) : NaN; return Number.isInteger(v) && v >= min && v <= max ? v : undefined; }, format: String });
const evenInteger = (min, max) => ({ parse: (text) => { const v = integer(min, max).parse(text); return v % 2 === 0 ? v : undefined; }, format: String });
const number = (min, max) => ({ parse: (text) => { const v = decimalText.test(text) ? Number(text) : NaN; return Number.isFinite(v) && v >= min && v <= max ? v : undefined; }, format: String });
const oneOf = (...choices) => ({ parse: (text) => (choices.includes(text) ? text : undefined), format: String });
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const kebabCase = { parse: (text) => (KEBAB.test(text) ? text : undefined), format: String };
const kebabList = (max) => ({
  parse: (text) => { const v = text.split(','); return v.length <= max && v.every((id) => KEBAB.test(id)) ? v : undefined; },
  format: (list) => list.join(','),
});
/** A name from the engine's tables (posenc.names): the view that reads it keeps only names the engine lists. */
const engineName = { parse: (text) => (/^[A-Za-z0-9]{1,32}$/.test(text) ? text : undefined), format: String };
const integerList = (max) => ({
  parse: (text) => { const parts = text.split(',', 17); const v = parts.map((part) => (wholeText.test(part) ? Number(part) : NaN)); return v.length > 0 && v.length <= 16 && v.every((n) => Number.isInteger(n) && n >= 0 && n <= max) ? v : undefined; },
  format: (list) => list.join(','),
});

/** URL parameter name -> [state field, codec], per view (looked up only through own properties). */
const PARAMETERS = {
  position: { p: ['p', integer(0, 65536)], L: ['L', integer(1, 65536)], d: ['d', oneOf('64', '128', '256', '512', '1024')],
    overflow: ['overflow', engineName], scaling: ['scaling', engineName] },
  encodings: { scheme: ['scheme', oneOf('sinusoidal', 'concat', 'rope', 'learned', 'nope')], d: ['d', evenInteger(8, 1024)],
    base: ['base', number(2, 1e9)], n: ['n', oneOf('256', '512', '1024', '2048', '4096', '8192')], p: ['p', integer(0, 8191)], dims: ['dims', integerList(1023)],
    table: ['table', oneOf('fresh', 'trained')] },
  // The quiz checks the mode's name itself; decks: the deck ids Review draws from (all when absent).
  quiz: { mode: ['mode', kebabCase], decks: ['decks', kebabList(64)] },
  model: { preset: ['preset', engineName], seed: ['seed', integer(0, 1000000)] },
};
const NUMERIC_CHOICES = new Set(['d', 'n']);

/**
 * Reads the view, the embed flag and the view's settings from a query string.
 * @returns {{ view: string, embed: boolean, settings: Record<string, unknown>, params: URLSearchParams }}
 */
export function readLocation(search = location.search) {
  const params = new URLSearchParams(search);
  const view = VIEWS.includes(params.get('view')) ? params.get('view') : 'quiz';
  const settings = Object.create(null);
  for (const [name, [field, codec]] of Object.entries(PARAMETERS[view])) {
    if (!params.has(name)) continue;
    const value = codec.parse(params.get(name));
    if (value !== undefined) settings[field] = NUMERIC_CHOICES.has(name) && typeof value === 'string' ? Number(value) : value;
  }
  return { view, embed: params.get('embed') === '1', settings, params };
}

/** The query string for a view and its settings, keeping parameters that belong to others (embed, deck, theme). */
export function queryFor(view, settings, current = new URLSearchParams(location.search)) {
  const params = new URLSearchParams();
  params.set('view', view);
  for (const [name, [field, codec]] of Object.entries(Object.hasOwn(PARAMETERS, view) ? PARAMETERS[view] : {})) {
    if (settings[field] !== undefined) params.set(name, codec.format(settings[field]));
  }
  for (const keep of ['embed', 'deck', 'theme']) if (current.has(keep)) params.set(keep, current.get(keep));
  return `?${params}`;
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
