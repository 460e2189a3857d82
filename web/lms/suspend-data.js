// What a course platform keeps between launches for the learner (SCORM's suspend_data, a cmi5 State
// document): the FSRS progress and the standing, so a learner who changes computer keeps both.
// Written compactly (dates in seconds, fields by position), deflated and in base64, within the
// platform's limit (SCORM 1.2: 4,096 characters). When it does not fit, the oldest goes first: the
// review log from its oldest entry, then the schedules of the cards reviewed longest ago, and last
// the standing's oldest items fold into its running sums (the score itself never changes).

import { cardRecord } from '../quiz/progress-model.js';
import { checkStanding, foldOldest } from './standing.js';

const COMPRESSED = 'pz1:'; // deflate-raw, base64
const PLAIN = 'pj1:'; // JSON, where the browser has no CompressionStream
const CARD_FIELDS = ['due', 'stability', 'difficulty', 'elapsed_days', 'scheduled_days', 'learning_steps', 'reps', 'lapses', 'state', 'last_review'];
const DATE_FIELDS = new Set(['due', 'last_review']);

const toSeconds = (iso) => Math.round(Date.parse(iso) / 1000);
const fromSeconds = (seconds) => new Date(seconds * 1000).toISOString();

/** The compact form of { progress, standing } with the newest `cards` schedules and `log` entries. */
function compact({ progress, standing }, { cards, log }) {
  const byRecency = Object.entries(progress.cards).sort(([, a], [, b]) => (Date.parse(b.last_review ?? 0) || 0) - (Date.parse(a.last_review ?? 0) || 0));
  const kept = byRecency.slice(0, cards);
  const index = new Map(kept.map(([id], i) => [id, i]));
  const items = (tally) => [
    Object.entries(tally.items).map(([key, { score, at }]) => [key, Math.round(score * 1000) / 1000, Math.round(at / 1000)]),
    Math.round(tally.folded.sum * 1000) / 1000,
    tally.folded.count,
    tally.answers,
  ];
  return {
    v: 1,
    n: progress.settings.newPerDay,
    c: kept.map(([id, card]) => [id, ...CARD_FIELDS.map((field) => (DATE_FIELDS.has(field) ? (card[field] ? toSeconds(card[field]) : null) : card[field]))]),
    l: progress.log
      .slice(progress.log.length - Math.min(log, progress.log.length))
      .map((entry) => [index.get(entry.cardId) ?? entry.cardId, entry.rating, entry.state, toSeconds(entry.review)]),
    s: [items(standing.checked), items(standing.selfGraded)],
  };
}

function expand(data) {
  if (data?.v !== 1 || !Array.isArray(data.c) || !Array.isArray(data.l) || !Array.isArray(data.s))
    throw new TypeError("suspend data is not in posenc's format");
  const ids = data.c.map(([id]) => id);
  const cards = Object.fromEntries(
    data.c.map(([id, ...values]) => {
      const card = {};
      CARD_FIELDS.forEach((field, i) => {
        if (DATE_FIELDS.has(field)) {
          if (values[i] !== null) card[field] = fromSeconds(values[i]);
        } else card[field] = values[i];
      });
      return [id, card];
    }),
  );
  const log = data.l.map(([card, rating, state, review]) => ({
    cardId: typeof card === 'number' ? ids[card] : card,
    rating,
    state,
    review: fromSeconds(review),
  }));
  const tally = ([items, sum, count, answers]) => ({
    items: Object.fromEntries(items.map(([key, score, at]) => [key, { score, at: at * 1000 }])),
    folded: { sum, count },
    answers,
  });
  return {
    progress: { version: 1, settings: { newPerDay: data.n }, cards, log },
    standing: checkStanding({ checked: tally(data.s[0]), selfGraded: tally(data.s[1]) }),
  };
}

async function pipeBytes(bytes, stream) {
  return new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer());
}

function toBase64(bytes) {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

async function pack(data) {
  const json = JSON.stringify(data);
  if (typeof CompressionStream !== 'function') return PLAIN + json;
  return COMPRESSED + toBase64(await pipeBytes(new TextEncoder().encode(json), new CompressionStream('deflate-raw')));
}

/** The largest n in 0..max with fits(n), given fits(0) (binary search over a monotone test). */
async function largest(max, fits) {
  let low = 0,
    high = max;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (await fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Encodes { progress, standing } within `limit` characters, dropping the oldest first (see above).
 * @param {{ progress: import('../quiz/progress-model.js').Progress, standing: import('./standing.js').Standing }} state
 * @param {number} limit
 * @returns {Promise<{ text: string, kept: { cards: number, log: number, items: number }, total: { cards: number, log: number } }>}
 */
export async function encodeSuspendData(state, limit) {
  const total = { cards: Object.keys(state.progress.cards).length, log: state.progress.log.length };
  const items = Math.max(Object.keys(state.standing.checked.items).length, Object.keys(state.standing.selfGraded.items).length);
  const attempt = async (cards, log, keep) => pack(compact({ ...state, standing: foldOldest(state.standing, keep) }, { cards, log }));
  const fits = async (cards, log, keep) => (await attempt(cards, log, keep)).length <= limit;
  const kept = { cards: total.cards, log: total.log, items };
  if (!(await fits(kept.cards, kept.log, kept.items))) {
    kept.log = await largest(total.log, (log) => fits(total.cards, log, items));
    if (kept.log === 0 && !(await fits(total.cards, 0, items))) {
      kept.cards = await largest(total.cards, (cards) => fits(cards, 0, items));
      if (kept.cards === 0 && !(await fits(0, 0, items))) kept.items = await largest(items, (keep) => fits(0, 0, keep));
    }
  }
  const text = await attempt(kept.cards, kept.log, kept.items);
  if (text.length > limit) throw new RangeError(`suspend data needs ${text.length} characters even with nothing but the score; the limit is ${limit}`);
  return { text, kept, total };
}

/**
 * Reads what encodeSuspendData wrote. Throws a TypeError for anything else.
 * @param {string} text
 * @returns {Promise<{ progress: unknown, standing: import('./standing.js').Standing }>}  progress unchecked (readProgress checks it)
 */
export async function decodeSuspendData(text) {
  let json;
  if (text.startsWith(COMPRESSED)) {
    const bytes = Uint8Array.from(atob(text.slice(COMPRESSED.length)), (c) => c.charCodeAt(0));
    json = new TextDecoder().decode(await pipeBytes(bytes, new DecompressionStream('deflate-raw')));
  } else if (text.startsWith(PLAIN)) {
    json = text.slice(PLAIN.length);
  } else {
    throw new TypeError("suspend data is not in posenc's format");
  }
  return expand(JSON.parse(json));
}

/**
 * One learner's progress from two places (this browser, the platform): per card the schedule
 * reviewed last, the logs joined without repeats; settings from `local`.
 * @param {import('../quiz/progress-model.js').Progress} local
 * @param {import('../quiz/progress-model.js').Progress} remote
 */
export function mergeProgress(local, remote) {
  const reviewed = (card) => Date.parse(card?.last_review ?? '') || 0;
  const cards = cardRecord(Object.entries(local.cards));
  for (const [id, card] of Object.entries(remote.cards)) if (!Object.hasOwn(cards, id) || reviewed(card) > reviewed(cards[id])) cards[id] = card;
  const key = (entry) => `${entry.cardId}|${entry.review}|${entry.rating}`;
  const seen = new Set(local.log.map(key));
  const log = [...local.log, ...remote.log.filter((entry) => !seen.has(key(entry)))].sort((a, b) => Date.parse(a.review) - Date.parse(b.review));
  return { ...local, cards, log };
}
