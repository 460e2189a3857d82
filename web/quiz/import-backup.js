// A backup before every import: the learner's progress as it was, kept in the same list as the
// backups of unreadable progress, saying what it holds and when it was made. A file imported on
// Decks & progress, a restore, and an LMS launch merging the platform's copy all keep it first, so
// each can be undone with Restore.
import { addBackup, exportProgress, importProgress, isQuotaError, saveProgress } from './progress-store.js';

/**
 * What a backup's text holds, in words ("12 cards and 30 reviews"), or null when nothing in it can
 * be read as progress (then it can only be downloaded and repaired by hand).
 * @param {string} text
 */
export function backupHolds(text) {
  try {
    return importProgress(text).kept;
  } catch {
    return null;
  }
}

/**
 * Whether `progress` holds anything to lose (a card or a review): only then is it backed up.
 * @param {import('./progress-model.js').Progress} progress
 */
export const holdsProgress = (progress) => Object.keys(progress.cards).length > 0 || progress.log.length > 0;

/**
 * Keeps `progress` as a backup before `what` replaces it: in storage with the other backups, or held
 * by this page (`held`) when storage has no room. Progress with no card and no review is not kept.
 * @param {Storage} storage
 * @param {import('./progress-model.js').Backup[]} held  backups storage had no room for, newest first
 * @param {import('./progress-model.js').Progress} progress
 * @param {string} what  the action, as a phrase: "importing progress.json"
 * @returns {import('./progress-model.js').Backup | null}  the backup, or null when there was nothing to keep
 */
export function backUpProgress(storage, held, progress, what) {
  if (!holdsProgress(progress)) return null;
  const backup = { savedAt: new Date().toISOString(), reason: `Your progress before ${what}.`, text: exportProgress(progress) };
  try {
    addBackup(storage, backup);
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    held.unshift(backup);
  }
  return backup;
}

/**
 * Saves `merged` in place of the stored `local` progress, keeping `local` as a backup first when the
 * merge changed it (an LMS launch bringing the platform's copy).
 * @param {Storage} storage
 * @param {import('./progress-model.js').Progress} local  the progress this browser held
 * @param {import('./progress-model.js').Progress} merged
 * @param {string} what  the action, as a phrase: "merging the progress cmi5 kept"
 * @returns {import('./progress-model.js').Backup | null}  the backup, or null when none was needed or storage had no room
 */
export function saveMerged(storage, local, merged, what) {
  const held = [];
  const backup = exportProgress(merged) === exportProgress(local) ? null : backUpProgress(storage, held, local, what);
  saveProgress(storage, merged);
  return backup && !held.includes(backup) ? backup : null;
}
