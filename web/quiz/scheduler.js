// Spaced repetition with FSRS (ts-fsrs, vendored into dist/vendor/ by the build). Progress holds
// cards in a JSON-friendly form (ISO dates); this module converts at the edges.
import { createEmptyCard, fsrs, generatorParameters, Rating, State } from '../vendor/ts-fsrs.mjs';
import { cardMarks, cardRecord, storedCard } from './progress-model.js';
import { newCardOrder } from './new-card-order.js';

export { Rating, State };

/** The four grades, their keys and labels, in button order. */
export const grades = Object.freeze([
  { rating: Rating.Again, key: '1', label: 'Again' },
  { rating: Rating.Hard, key: '2', label: 'Hard' },
  { rating: Rating.Good, key: '3', label: 'Good' },
  { rating: Rating.Easy, key: '4', label: 'Easy' },
]);

/** A card that lapses this often (Again on a card in review) is tagged leech: Anki's default threshold. */
export const LEECH_LAPSES = 8;
/** Catch-up is offered once this many review cards are overdue since before today. */
export const CATCH_UP_THRESHOLD = 20;

const schedulers = new Map();
/**
 * The FSRS scheduler for the learner's settings: their desired retention and, once optimised,
 * their own parameters. No fuzz: the same grades give the same intervals, so tests and learners
 * see predictable steps.
 * @param {import('./progress-model.js').Settings} settings
 */
function schedulerFor({ desiredRetention, parameters }) {
  const key = `${desiredRetention}|${parameters?.join() ?? ''}`;
  if (!schedulers.has(key)) {
    schedulers.set(key, fsrs(generatorParameters({ enable_fuzz: false, request_retention: desiredRetention, ...(parameters ? { w: parameters } : {}) })));
  }
  return schedulers.get(key);
}
// Cards in (re)learning that come due within this window are shown now rather than left waiting.
const LEARN_AHEAD_MS = 20 * 60 * 1000;

/** @typedef {{ due: string, stability: number, difficulty: number, elapsed_days: number, scheduled_days: number,
 *   learning_steps: number, reps: number, lapses: number, state: number, last_review?: string }} StoredCard */

/** @returns {StoredCard} */
function toStored(card) {
  const { due, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state, last_review } = card;
  const stored = { due: due.toISOString(), stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses, state };
  if (last_review) stored.last_review = last_review.toISOString();
  return stored;
}

function fromStored(stored, now) {
  if (!stored) return createEmptyCard(now);
  // A review stamped after `now` (the clock was set back, or another device's clock ran ahead)
  // counts as just now: ts-fsrs refuses a negative time since the last review.
  const last = stored.last_review ? new Date(Math.min(Date.parse(stored.last_review), now.getTime())) : undefined;
  return { ...stored, due: new Date(stored.due), last_review: last };
}

/**
 * Grades a card. Returns new progress (the input is not changed) and what undo needs.
 * @param {import('./progress-model.js').Progress} progress
 * @param {string} cardId
 * @param {number} rating  Rating.Again .. Rating.Easy
 * @param {Date} now
 */
export function gradeCard(progress, cardId, rating, now) {
  const previous = storedCard(progress, cardId);
  const { card } = schedulerFor(progress.settings).next(fromStored(previous, now), now, rating);
  const entry = { cardId, rating, state: previous?.state ?? State.New, review: now.toISOString() };
  const cards = cardRecord(Object.entries(progress.cards));
  cards[cardId] = toStored(card);
  const previousMarks = cardMarks(progress, cardId);
  const becameLeech = card.lapses >= LEECH_LAPSES && !previousMarks.leech;
  const marks = becameLeech ? withMarks(progress.marks, cardId, { ...previousMarks, leech: true }) : progress.marks;
  return {
    progress: { ...progress, cards, log: [...progress.log, entry], marks },
    undo: { cardId, previous, graded: toStored(card), entry, previousMarks: becameLeech ? previousMarks : undefined },
    becameLeech,
  };
}

/** A copy of `marks` with the card's marks replaced (an empty set of marks removes its entry). */
function withMarks(marks, cardId, next) {
  const copy = cardRecord(Object.entries(marks ?? {}));
  if (Object.keys(next).length === 0) delete copy[cardId];
  else copy[cardId] = next;
  return copy;
}

/**
 * Sets or clears one mark of a card: suspend (until unsuspended), bury (until the start of the next
 * local day, as Anki buries), or the leech tag.
 * @param {import('./progress-model.js').Progress} progress
 * @param {string} cardId
 * @param {'suspended' | 'buried' | 'leech'} mark
 * @param {boolean} on
 * @param {Date} now
 */
export function markCard(progress, cardId, mark, on, now) {
  const { buriedUntil, ...current } = cardMarks(progress, cardId);
  const next = { ...current, ...(buriedUntil ? { buriedUntil } : {}) };
  if (mark === 'buried') {
    delete next.buriedUntil;
    if (on) next.buriedUntil = new Date(new Date(now).setHours(24, 0, 0, 0)).toISOString();
  } else if (on) next[mark] = true;
  else delete next[mark];
  return { ...progress, marks: withMarks(progress.marks, cardId, next) };
}

/** Whether Review leaves the card out now: suspended, or buried until a later moment. */
function setAsideNow(progress, cardId, now) {
  const marks = cardMarks(progress, cardId);
  return Boolean(marks.suspended) || (marks.buriedUntil !== undefined && Date.parse(marks.buriedUntil) > now.getTime());
}

/**
 * Takes back the grade that produced `undo`: its log entry goes, and the card returns to its state
 * before unless another tab has graded that card since (then the newer state stays). Entries other
 * tabs added after it are kept.
 */
export function undoGrade(progress, undo) {
  const cards = cardRecord(Object.entries(progress.cards));
  let marks = progress.marks;
  if (JSON.stringify(storedCard(progress, undo.cardId)) === JSON.stringify(undo.graded)) {
    if (undo.previous) cards[undo.cardId] = undo.previous;
    else delete cards[undo.cardId];
    // The grade that made the card a leech is taken back: so is the tag.
    if (undo.previousMarks) marks = withMarks(progress.marks, undo.cardId, undo.previousMarks);
  }
  const same = (entry) => entry.cardId === undo.entry.cardId && entry.review === undo.entry.review && entry.rating === undo.entry.rating;
  const index = progress.log.findLastIndex(same);
  return { ...progress, cards, marks, log: index < 0 ? progress.log : progress.log.filter((_, i) => i !== index) };
}

/** What each grade would schedule, as short labels ("10m", "3d") for the buttons. */
export function previewIntervals(progress, cardId, now) {
  const outcomes = schedulerFor(progress.settings).repeat(fromStored(storedCard(progress, cardId), now), now);
  return Object.fromEntries(grades.map(({ rating }) => [rating, formatInterval(outcomes[rating].card.due - now)]));
}

/** @param {number} ms */
export function formatInterval(ms) {
  const minutes = Math.max(1, Math.round(ms / 60000));
  if (minutes < 60) return `${minutes}m`;
  if (minutes < 60 * 24) return `${Math.round(minutes / 60)}h`;
  const days = Math.round(minutes / 1440);
  return days < 31 ? `${days}d` : days < 365 ? `${Math.round(days / 30)}mo` : `${(days / 365).toFixed(1)}y`;
}

/** Local calendar day, for the new-cards-per-day count. */
const dayOf = (date) => `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;

/** New cards first graded today (their log entry's state before grading was New). */
function newCardsIntroducedToday(progress, now) {
  const today = dayOf(now);
  return new Set(progress.log.filter((entry) => entry.state === State.New && dayOf(new Date(entry.review)) === today).map((entry) => entry.cardId)).size;
}

/**
 * The review queue: cards due now (earliest first; learning cards up to 20 minutes early when
 * nothing else is due), then unseen cards in newCardOrder up to today's new-card allowance.
 * Suspended cards and cards buried until later are left out.
 * @param {{ id: string, deckId?: string, topic?: string, computed?: unknown }[]} allCards
 * @param {import('./progress-model.js').Progress} progress
 * @param {Date} now
 * @returns {{ due: string[], ahead: string[], fresh: string[], next: string | null, nextDue: Date | null,
 *   learningLater: { count: number, first: Date | null }, unseenLeft: number }}
 *   ahead: (re)learning cards shown early (nothing else to do); learningLater: the other (re)learning cards that come back
 *   later today; unseenLeft: unseen cards past today's allowance
 */
export function buildQueue(allCards, progress, now) {
  const cards = allCards.filter((card) => !setAsideNow(progress, card.id, now));
  const known = cards.filter((card) => storedCard(progress, card.id));
  const dueAt = (card) => new Date(storedCard(progress, card.id).due).getTime();
  const due = known
    .filter((card) => dueAt(card) <= now.getTime())
    .sort((a, b) => dueAt(a) - dueAt(b))
    .map((card) => card.id);
  const allowance = Math.max(0, progress.settings.newPerDay - newCardsIntroducedToday(progress, now));
  const unseen = newCardOrder(cards).filter((card) => !storedCard(progress, card.id));
  const fresh = unseen.slice(0, allowance).map((card) => card.id);
  const later = known.filter((card) => dueAt(card) > now.getTime()).sort((a, b) => dueAt(a) - dueAt(b));
  const learning = later.filter((card) => storedCard(progress, card.id).state !== State.Review);
  const ahead = due.length === 0 && fresh.length === 0 ? learning.filter((card) => dueAt(card) - now.getTime() <= LEARN_AHEAD_MS) : [];
  const endOfToday = new Date(now).setHours(23, 59, 59, 999);
  const learningToday = learning.filter((card) => dueAt(card) <= endOfToday && !ahead.includes(card));
  const next = due[0] ?? fresh[0] ?? ahead[0]?.id ?? null;
  return {
    due,
    ahead: ahead.map((card) => card.id),
    fresh,
    next,
    nextDue: later[0] ? new Date(dueAt(later[0])) : null,
    learningLater: { count: learningToday.length, first: learningToday[0] ? new Date(dueAt(learningToday[0])) : null },
    unseenLeft: unseen.length - fresh.length,
  };
}

/** Local midnight starting the day `days` after `now`'s day. */
const startOfDay = (now, days = 0) => new Date(new Date(now).setHours(24 * days, 0, 0, 0));

/**
 * Review cards overdue since before today (not suspended or buried), the least likely to be
 * remembered first (FSRS retrievability now).
 * @returns {{ id: string, retrievability: number }[]}
 */
export function overdueCards(cards, progress, now) {
  const today = startOfDay(now).getTime();
  const scheduler = schedulerFor(progress.settings);
  return cards
    .filter((card) => {
      const stored = storedCard(progress, card.id);
      return stored && stored.state === State.Review && Date.parse(stored.due) < today && !setAsideNow(progress, card.id, now);
    })
    .map((card) => ({ id: card.id, retrievability: scheduler.get_retrievability(fromStored(storedCard(progress, card.id), now), now, false) }))
    .sort((a, b) => a.retrievability - b.retrievability);
}

/**
 * Catch-up after a break: the overdue review cards are spread over `days` days instead of one
 * pile. Today keeps an even share, the cards most likely forgotten; each later day takes the next
 * share (due at that day's start). Their FSRS memory state is untouched: each is graded as usual
 * when it comes up, with the real time since its last review.
 * @returns {{ progress: import('./progress-model.js').Progress, perDay: number, moved: number }}
 */
export function spreadOverdue(cards, progress, now, days) {
  const overdue = overdueCards(cards, progress, now);
  const perDay = Math.ceil(overdue.length / days);
  const stored = cardRecord(Object.entries(progress.cards));
  overdue.forEach(({ id }, index) => {
    const day = Math.floor(index / perDay);
    if (day > 0) stored[id] = { ...stored[id], due: startOfDay(now, day).toISOString() };
  });
  return { progress: { ...progress, cards: stored }, perDay, moved: Math.max(0, overdue.length - perDay) };
}
