// What a learner's progress is: its schema version, its bounds, its shape (the typedefs), and the
// small reads and updates the quiz makes of it. Cards are held in a null-prototype object, so no
// card id ("constructor", "__proto__") can reach Object.prototype. progress-schema.js checks stored
// progress against this shape; progress-store.js keeps it in localStorage.

export const SCHEMA_VERSION = 1;

export const progressLimits = Object.freeze({
  maxImportBytes: 4 * 1024 * 1024, // localStorage holds about 5 M characters per site in all
  maxImportCards: 20_000, // ten times the largest deck
  maxImportReviews: 200_000,
  maxIdChars: 200,
  maxNewPerDay: 500,
  defaultNewPerDay: 10,
  maxStability: 36_500, // ts-fsrs clamps stability and intervals to 100 years
  minStability: 0.001, // ts-fsrs's S_MIN; it refuses to schedule a card below it (or with difficulty below 1)
  maxDifficulty: 10,
  backups: 5, // the newest backup is always kept; older ones while both bounds hold
  backupChars: 2_000_000,
  minRetention: 0.7, // the desired retention a learner may choose (Anki's FSRS allows 0.70-0.99;
  maxRetention: 0.97, // above 0.97 the workload grows steeply for little gain)
  parameterCount: 21, // FSRS-6, as ts-fsrs 5 and fsrs-browser 5 use
  maxHistory: 500, // drill and mock-interview results kept, newest first
  maxHistoryItems: 1000,
});

/**
 * @typedef {object} Progress
 * @property {1} version
 * @property {Settings} settings
 * @property {Record<string, import('./scheduler.js').StoredCard>} cards  FSRS state per card id (null prototype)
 * @property {{ cardId: string, rating: number, state: number, review: string }[]} log  every grade, oldest first
 * @property {Record<string, CardMarks>} marks  per card id (null prototype): set aside from Review, and the leech tag
 * @property {Practice[]} history  drill and mock-interview results, oldest first (at most maxHistory)
 * @typedef {{ newPerDay: number, desiredRetention: number, parameters?: number[], optimised?: Optimised }} Settings
 *   parameters: FSRS weights optimised from this learner's log (absent: ts-fsrs's defaults)
 * @typedef {{ at: string, reviews: number, logLossBefore: number, logLossAfter: number }} Optimised  the last optimisation
 * @typedef {{ suspended?: true, buriedUntil?: string, leech?: true }} CardMarks
 *   suspended: out of Review until unsuspended; buriedUntil: out of Review until that instant; leech: lapsed 8 times
 * @typedef {{ kind: 'red-flags' | 'mock-interview', at: string, score: number, items: number }} Practice  score 0-100
 * @typedef {{ savedAt: string, reason: string, text: string }} Backup  text: the stored progress exactly as it was
 */

/** An empty null-prototype record, for anything keyed by card id. */
export const cardRecord = (entries = []) => Object.assign(Object.create(null), Object.fromEntries(entries));

/** Progress with a drill or mock-interview result added (the oldest dropped past maxHistory). */
export function addPractice(progress, practice) {
  return { ...progress, history: [...(progress.history ?? []), practice].slice(-progressLimits.maxHistory) };
}

/** The marks of a card (suspended, buried, leech); an empty object when it has none. */
export function cardMarks(progress, cardId) {
  return progress.marks && Object.hasOwn(progress.marks, cardId) ? progress.marks[cardId] : {};
}

/** The stored FSRS state of a card, or undefined (never an inherited property). */
export function storedCard(progress, cardId) {
  return Object.hasOwn(progress.cards, cardId) ? progress.cards[cardId] : undefined;
}

export const practiceKinds = Object.freeze({ 'red-flags': 'Red-flag drill', 'mock-interview': 'Mock interview' });
