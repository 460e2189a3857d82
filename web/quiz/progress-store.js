// Learner progress in localStorage under one key, written on every grade, and the backups beside it.
// Every read (page start, every grade, every import) checks each card and each review to the leaf
// (progress-schema.js): what is valid is kept, what is not is set aside in a backup (the original
// text, kept with the last few backups) and named in one notice, and the page starts. Several tabs
// share the key: changes are applied to what is stored at the moment of writing (quiz-app.js).
import { SCHEMA_VERSION, progressLimits } from './progress-model.js';
import { date, describeSetAside, describeValue, emptyProgress, isObject, readProgress } from './progress-schema.js';

/** @typedef {import('./progress-model.js').Progress} Progress @typedef {import('./progress-model.js').Backup} Backup */

export const STORAGE_KEY = 'posenc.quiz.progress';
export const BACKUPS_KEY = 'posenc.quiz.progress.backups';
/** The single backup slot of earlier versions: read once into the list, then removed. */
const LEGACY_BACKUP_KEY = 'posenc.quiz.progress.backup';

// ---- Backups ----

/**
 * The kept backups, newest first. A backups entry that cannot be read is itself kept as a backup
 * of its raw text, so nothing in the list is ever dropped unread.
 * @param {Storage} storage
 * @returns {Backup[]}
 */
export function readBackups(storage) {
  const text = storage.getItem(BACKUPS_KEY);
  const legacy = storage.getItem(LEGACY_BACKUP_KEY);
  let backups = [];
  if (text !== null) {
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const valid = (entry) => isObject(entry) && date(entry.savedAt) === null && typeof entry.reason === 'string' && typeof entry.text === 'string';
    backups =
      Array.isArray(parsed) && parsed.every(valid)
        ? parsed.map(({ savedAt, reason, text: kept }) => ({ savedAt, reason, text: kept }))
        : [{ savedAt: new Date().toISOString(), reason: 'The list of backups could not be read; this is its text.', text }];
  }
  if (legacy !== null && !backups.some((backup) => backup.text === legacy))
    backups.push({ savedAt: new Date(0).toISOString(), reason: 'Kept by an earlier version of the page (date unknown).', text: legacy });
  return backups;
}

/** Writes `backups` (newest first), dropping the oldest beyond the bounds; returns what was kept. */
function writeBackups(storage, backups) {
  let total = 0;
  const kept = backups.filter((backup, index) => {
    total += backup.text.length;
    return index === 0 || (index < progressLimits.backups && total <= progressLimits.backupChars);
  });
  storage.setItem(BACKUPS_KEY, JSON.stringify(kept));
  storage.removeItem(LEGACY_BACKUP_KEY);
  return kept;
}

/**
 * Adds a backup in front of the kept ones. With storage full it drops older backups, then the
 * progress key itself (whose text is the backup's) to make room. Throws when even that fails.
 * @param {Storage} storage @param {Backup} backup
 */
export function addBackup(storage, backup) {
  const older = readBackups(storage).filter((kept) => kept.text !== backup.text);
  for (let keep = older.length; keep >= 0; keep--) {
    try {
      return writeBackups(storage, [backup, ...older.slice(0, keep)]);
    } catch (error) {
      if (!isQuotaError(error)) throw error;
    }
  }
  if (storage.getItem(STORAGE_KEY) !== backup.text) throw new DOMException('no room for the backup', 'QuotaExceededError');
  storage.removeItem(STORAGE_KEY);
  try {
    return writeBackups(storage, [backup]);
  } catch (error) {
    storage.setItem(STORAGE_KEY, backup.text); // it fitted a moment ago
    throw error;
  }
}

/** Removes the backup saved at `savedAt` (the learner chose to). */
export function removeBackup(storage, savedAt) {
  writeBackups(
    storage,
    readBackups(storage).filter((backup) => backup.savedAt !== savedAt),
  );
}

// ---- Reading and writing progress ----

/**
 * Reads progress. What cannot be used is set aside: the stored text goes to a backup, the valid
 * cards and reviews are kept and saved back, and the notice says what was set aside. When not
 * even the backup can be stored, `heldBackup` holds it for this page (the learner can download
 * it) and the stored text is left as it was.
 * @param {Storage} storage
 * @param {Date} [now]
 * @returns {{ progress: Progress, notice: string | null, heldBackup?: Backup, unsaved?: true }}
 *   unsaved: the repaired progress could not be written (storage full); the caller saves it with the next change
 */
export function loadProgress(storage, now = new Date()) {
  const text = storage.getItem(STORAGE_KEY);
  if (text === null) return { progress: emptyProgress(), notice: null };
  let read;
  let whole = null;
  try {
    read = readProgress(JSON.parse(text));
  } catch (error) {
    whole = error.message;
    read = { progress: emptyProgress(), setAside: [{ path: 'progress', problem: error.message }], counts: { cards: 0, reviews: 0 } };
  }
  const { progress, setAside } = read;
  if (setAside.length === 0) {
    if (JSON.parse(text).version !== SCHEMA_VERSION) trySave(storage, progress);
    return { progress, notice: null };
  }
  const what =
    whole === null
      ? `Some saved progress could not be read: ${describeSetAside(read)}. Everything else was kept.`
      : `Saved progress could not be read (${whole}), so a fresh start was made.`;
  const backup = { savedAt: now.toISOString(), reason: what, text };
  try {
    addBackup(storage, backup);
  } catch (error) {
    return {
      progress,
      heldBackup: backup,
      notice: `${what} This browser's storage had no room to keep the original as a backup (${error.name}): download it now from "Decks & progress", where it is held until the page closes.`,
    };
  }
  const notice = `${what} The original is kept as a backup under "Decks & progress".`;
  // Storage full even for the repaired progress: the page keeps it, and the next grade saves it.
  return trySave(storage, progress) ? { progress, notice } : { progress, notice, unsaved: true };
}

function trySave(storage, progress) {
  try {
    saveProgress(storage, progress);
    return true;
  } catch {
    return false;
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
    const storage = /** @type {Storage} */ (
      /** @type {unknown} */ ({
        getItem: (key) => items.get(key) ?? null,
        setItem: (key, value) => {
          items.set(key, String(value));
        },
        removeItem: (key) => {
          items.delete(key);
        },
      })
    );
    return {
      storage,
      notice: `This browser does not let the page keep progress (${error.name}): reviews count until the page is closed. Export them from "Decks & progress" to keep them.`,
    };
  }
}

/** The export file's text. */
export function exportProgress(progress) {
  return JSON.stringify({ ...progress, exportedBy: 'posenc quiz' }, null, 1);
}

/**
 * Parses an exported file (any known schema version): the valid part, what would be left out,
 * and a summary for the confirmation. Throws a readable error when the file is too large, holds
 * too many entries, or holds nothing that can be read as progress.
 * @param {string} text
 * @returns {{ progress: Progress, refused: string | null, kept: string }}
 */
export function importProgress(text) {
  if (text.length > progressLimits.maxImportBytes)
    throw new RangeError(
      `the file holds ${text.length.toLocaleString('en-US')} characters; progress files may hold at most ${progressLimits.maxImportBytes.toLocaleString('en-US')}`,
    );
  const parsed = JSON.parse(text);
  if (!isObject(parsed)) throw new TypeError(`progress must be a JSON object; got ${describeValue(parsed)}`);
  const { exportedBy, ...data } = parsed;
  const cardCount = isObject(data.cards) ? Object.keys(data.cards).length : 0;
  const reviewCount = Array.isArray(data.log) ? data.log.length : 0;
  if (cardCount > progressLimits.maxImportCards || reviewCount > progressLimits.maxImportReviews)
    throw new RangeError(
      `the file holds ${cardCount.toLocaleString('en-US')} cards and ${reviewCount.toLocaleString('en-US')} reviews; at most `
        + `${progressLimits.maxImportCards.toLocaleString('en-US')} cards and ${progressLimits.maxImportReviews.toLocaleString('en-US')} reviews can be imported`,
    );
  const read = readProgress(data);
  const cards = Object.keys(read.progress.cards).length;
  const reviews = read.progress.log.length;
  return {
    progress: read.progress,
    kept: `${cards} card${cards === 1 ? '' : 's'} and ${reviews} review${reviews === 1 ? '' : 's'}`,
    refused: read.setAside.length === 0 ? null : describeSetAside(read),
  };
}
