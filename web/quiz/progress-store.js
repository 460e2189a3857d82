// Learner progress in localStorage under one key, with a schema version and migrations. Written on
// every grade. Corrupted data is moved aside under a backup key, never silently dropped. Several
// tabs share the key: changes are applied to what is stored at the moment of writing (quiz-app.js).

export const STORAGE_KEY = 'posenc.quiz.progress';
export const BACKUP_KEY = 'posenc.quiz.progress.backup';
export const SCHEMA_VERSION = 1;

/**
 * @typedef {object} Progress
 * @property {1} version
 * @property {{ newPerDay: number }} settings
 * @property {Record<string, import('./scheduler.js').StoredCard>} cards  FSRS state per card id
 * @property {{ cardId: string, rating: number, state: number, review: string }[]} log  every grade, oldest first
 */

/** @returns {Progress} */
export function emptyProgress() {
  return { version: SCHEMA_VERSION, settings: { newPerDay: 10 }, cards: {}, log: [] };
}

/**
 * Brings any known older shape up to the current schema.
 * v0 (before FSRS, no "version"): { seen: { [cardId]: { due: epoch ms, interval: days, reps } }, newPerDay? }
 * @param {any} data
 * @returns {Progress}
 */
export function migrate(data) {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new TypeError('progress must be a JSON object');
  const version = data.version ?? 0;
  if (version === 0) {
    if (typeof data.seen !== 'object' || data.seen === null) throw new TypeError('progress has no "version" and is not the v0 shape');
    return migrate(fromV0(data));
  }
  if (version !== SCHEMA_VERSION) throw new RangeError(`progress has schema version ${version}; this page reads up to ${SCHEMA_VERSION}`);
  checkV1(data);
  return data;
}

/** v0 -> v1: each seen card becomes an FSRS review card with its interval as stability. */
function fromV0(data) {
  const cards = {};
  for (const [cardId, old] of Object.entries(data.seen ?? {})) {
    const interval = Math.max(1, Number(old.interval) || 1);
    const due = new Date(Number(old.due) || Date.now());
    cards[cardId] = {
      due: due.toISOString(), stability: interval, difficulty: 5, elapsed_days: 0, scheduled_days: interval,
      learning_steps: 0, reps: Number(old.reps) || 1, lapses: 0, state: 2 /* Review */,
      last_review: new Date(due.getTime() - interval * 86400000).toISOString(),
    };
  }
  return { version: 1, settings: { newPerDay: Number.isInteger(data.newPerDay) ? data.newPerDay : 10 }, cards, log: [] };
}

function checkV1(data) {
  if (typeof data.cards !== 'object' || data.cards === null || Array.isArray(data.cards)) throw new TypeError('progress.cards must be an object');
  if (!Array.isArray(data.log)) throw new TypeError('progress.log must be a list');
  if (!Number.isInteger(data.settings?.newPerDay) || data.settings.newPerDay < 0) throw new TypeError('progress.settings.newPerDay must be a whole number');
  for (const [cardId, card] of Object.entries(data.cards)) {
    if (Number.isNaN(Date.parse(card?.due))) throw new TypeError(`progress.cards["${cardId}"].due must be a date`);
  }
}

/**
 * Reads progress. Corrupt or unreadable data is copied to BACKUP_KEY and a fresh start is
 * returned with a notice for the learner.
 * @param {Storage} storage
 * @returns {{ progress: Progress, notice: string | null }}
 */
export function loadProgress(storage) {
  const text = storage.getItem(STORAGE_KEY);
  if (text === null) return { progress: emptyProgress(), notice: null };
  try {
    const progress = migrate(JSON.parse(text));
    if (JSON.parse(text).version !== SCHEMA_VERSION) saveProgress(storage, progress);
    return { progress, notice: null };
  } catch (error) {
    // Remove first: with storage full, the backup (the same bytes) then still fits.
    storage.removeItem(STORAGE_KEY);
    storage.setItem(BACKUP_KEY, text);
    return {
      progress: emptyProgress(),
      notice: `Saved progress could not be read (${error.message}). It was kept under "${BACKUP_KEY}" in this browser's storage, and a fresh start was made.`,
    };
  }
}

/**
 * Writes progress. Throws what storage throws (QuotaExceededError when full): the caller tells the learner.
 * @param {Storage} storage @param {Progress} progress
 */
export function saveProgress(storage, progress) {
  storage.setItem(STORAGE_KEY, JSON.stringify(progress));
}

/** Whether an error from storage.setItem means the storage is full (names differ across browsers). */
export function isQuotaError(error) {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED');
}

/**
 * The page's localStorage, or, where reading it throws (an LMS iframe with storage blocked), a
 * Storage-like object in memory and a notice saying progress will not outlive the page.
 * @returns {{ storage: Storage, notice: string | null }}
 */
export function browserStorage() {
  try {
    const storage = window.localStorage;
    storage.getItem(STORAGE_KEY);
    return { storage, notice: null };
  } catch (error) {
    const items = new Map();
    const storage = /** @type {Storage} */ (/** @type {unknown} */ ({
      getItem: (key) => items.get(key) ?? null, setItem: (key, value) => { items.set(key, String(value)); },
      removeItem: (key) => { items.delete(key); },
    }));
    return { storage, notice: `This browser does not let the page keep progress (${error.name}): reviews count until the page is closed. Export them from "Decks & progress" to keep them.` };
  }
}

/** The export file's text. */
export function exportProgress(progress) {
  return JSON.stringify({ ...progress, exportedBy: 'posenc quiz' }, null, 1);
}

/**
 * Parses an exported file (any known schema version) into current progress.
 * @param {string} text
 * @returns {Progress}
 */
export function importProgress(text) {
  const parsed = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new TypeError('progress must be a JSON object');
  const { exportedBy, ...data } = parsed;
  return migrate(data);
}
