// The reporting itself, loaded once web/lms.js has found a platform. Each answer the quiz reports
// ('posenc:answered') updates the standing over all launches (standing.js): checked answers make
// the score, self-grades are reported apart. With cmi5 or SCORM, the FSRS progress, the standing
// and the view travel with the platform too (suspend-data.js), so a learner resumes where they
// were, on any computer.
import { readProgress } from '../quiz/progress-schema.js';
import { STORAGE_KEY, browserStorage, loadProgress } from '../quiz/progress-store.js';
import { saveMerged } from '../quiz/import-backup.js';
import { startCmi5 } from './cmi5.js';
import { PLATFORM_PARAMETERS } from './launch.js';
import { startScorm } from './scorm.js';
import { addAnswer, emptyStanding, reportOf } from './standing.js';
import { decodeSuspendData, encodeSuspendData, mergeProgress } from './suspend-data.js';
import { createStatementBuilder } from './xapi.js';

/** Where suspend data this page cannot read is set aside, in the browser's storage. */
const SUSPEND_BACKUP_KEY = 'posenc.lms.suspend-data.backup';

/** The view on screen and its name as its tab shows it ('posenc:viewed' events from app.js). */
function trackView() {
  const current = { view: 'quiz', viewName: 'Flash cards' };
  document.addEventListener('posenc:viewed', ({ detail }) => Object.assign(current, detail));
  return current;
}

/**
 * ?xapi=parent: statements posted to the parent window (its origin only), the actor left for the host to fill.
 * @param {{ target: string, iriBase: string }} options
 */
export function startParentStatements({ target, iriBase }) {
  const actor = { objectType: 'Agent', account: { homePage: target, name: 'learner-to-be-filled-in-by-the-host' } };
  const builder = createStatementBuilder({ actor, iriBase });
  const post = (statement) => window.parent.postMessage({ type: 'posenc:xapi', statement }, target);
  const current = trackView();
  const started = Date.now();
  let standing = emptyStanding();
  let completed = false;
  document.addEventListener('posenc:viewed', ({ detail }) => post(builder.experienced(detail.view, detail.viewName)));
  document.addEventListener('posenc:answered', ({ detail: answer }) => {
    standing = addAnswer(standing, answer, Date.now());
    post(builder.answered(answer, current));
    const report = reportOf(standing, null);
    if (!completed && report.completion === 'completed') {
      completed = true;
      post(builder.completed(report.score, Date.now() - started));
    }
  });
}

/** The page's own URL state (view and settings), for the platform to reopen on the next launch. */
function pageLocation(view) {
  const params = new URLSearchParams(location.search);
  for (const name of PLATFORM_PARAMETERS) params.delete(name);
  if (!params.has('view')) params.set('view', view);
  return `?${params}`;
}

/**
 * Starts a cmi5 or SCORM session and reports to it. Resolves before the quiz starts: progress kept
 * by the platform is merged into this browser's, and the view of the last launch is put back in the URL.
 * @param {{ cmi5?: ReturnType<typeof import('./launch.js').cmi5Launch>, scorm?: { version: '1.2' | '2004', api: any } | null, iriBase: string, hasView: boolean }} found
 * @returns {Promise<{ storage: Storage } | null>}  storage: for the quiz (progress written to it
 *   reaches the platform too); null when the platform could not be reached
 */
export async function startPlatformReporting({ cmi5, scorm, iriBase, hasView }) {
  let platform;
  try {
    platform = cmi5 ? await startCmi5(cmi5, { iriBase }) : startScorm(scorm, { iriBase });
  } catch (error) {
    console.warn(`posenc: the course platform could not be reached (${error.message}); the page runs without it`);
    return null;
  }
  const { storage } = browserStorage();
  let standing = emptyStanding();
  if (platform.kept.suspendData) {
    try {
      const kept = await decodeSuspendData(platform.kept.suspendData);
      standing = kept.standing;
      // Checked to the leaf like stored progress: entries that cannot be used are left out of the merge.
      const local = loadProgress(storage).progress;
      saveMerged(storage, local, mergeProgress(local, readProgress(kept.progress).progress), `merging the progress ${platform.name} kept`);
    } catch (error) {
      // Set aside, never silently dropped: the platform's copy is replaced at the next save.
      try {
        storage.setItem(SUSPEND_BACKUP_KEY, platform.kept.suspendData);
      } catch {
        /* storage full: the warning still says what happened */
      }
      console.warn(
        `posenc: the progress ${platform.name} kept could not be read (${error.message}); it was set aside under "${SUSPEND_BACKUP_KEY}" in this browser's storage`,
      );
    }
  }
  if (platform.kept.location && !hasView) history.replaceState(null, '', platform.kept.location);
  platform.report(standing); // the standing of earlier launches, before any new answer

  const current = trackView();
  let suspendData = platform.kept.suspendData;
  let saving = null;
  let dirty = false;
  /** Encodes and saves the latest state; changes arriving meanwhile are saved right after. */
  const save = () => {
    dirty = true;
    saving ??= (async () => {
      while (dirty) {
        dirty = false;
        ({ text: suspendData } = await encodeSuspendData({ progress: loadProgress(storage).progress, standing }, platform.suspendLimit));
        platform.save({ suspendData, location: pageLocation(current.view) });
      }
    })()
      .catch((error) => console.warn(`posenc: the progress could not be saved to ${platform.name}: ${error.message}`))
      .finally(() => {
        saving = null;
      });
    return saving;
  };

  document.addEventListener('posenc:viewed', ({ detail }) => platform.viewed?.(detail.view, detail.viewName));
  document.addEventListener('posenc:answered', ({ detail: answer }) => {
    const at = new Date();
    standing = addAnswer(standing, answer, at.getTime());
    platform.answered(answer, { at, ...current });
    platform.report(standing);
    save();
  });
  const finish = () => platform.finish({ suspendData, location: pageLocation(current.view), standing });
  window.addEventListener('pagehide', finish, { once: true });
  if (platform.returnUrl)
    addExitButton(async () => {
      await saving;
      await finish();
      location.assign(platform.returnUrl);
    });

  const watched = {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => {
      storage.setItem(key, value);
      if (key === STORAGE_KEY) save();
    },
    removeItem: (key) => storage.removeItem(key),
  };
  return { storage: /** @type {Storage} */ (/** @type {unknown} */ (watched)) };
}

/** cmi5 with a return URL: a button that ends the session and goes back to the course. */
function addExitButton(onExit) {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'secondary';
  button.id = 'lms-exit';
  button.textContent = 'Save and return to the course';
  button.addEventListener('click', () => {
    button.disabled = true;
    onExit();
  });
  document.querySelector('footer')?.prepend(button);
}
