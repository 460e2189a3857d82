// The quiz panel: loads decks and progress, switches modes, routes keys, shows deck errors,
// announces results, and hosts the shortcuts and confirmation dialogs.
import { createDeckLibrary, fetchText, loadShippedDecks, startShippedDecks } from './deck-loader.js';
import { STORAGE_KEY, browserStorage, isQuotaError, loadProgress, saveProgress } from './progress-store.js';
import { readStoredDecks, storeDeck } from './deck-store.js';
import { createReviewMode } from './review-mode.js';
import { createCramMode } from './cram-mode.js';
import { createManageMode } from './manage-mode.js';
import { createFollowUpDrill, createRedFlagDrill } from './drills.js';
import { createMockInterview } from './mock-interview.js';
import { createStatsMode } from './stats.js';
import { element } from '../dom.js';
import { showFromTop } from '../visible-area.js';

/**
 * What the learner answered, for the course platform (web/lms.js reads the 'posenc:answered' event).
 * @typedef {object} Answer
 * @property {'computed' | 'red-flag' | 'mock-interview' | 'review'} kind  the exercise
 * @property {string} cardId
 * @property {string} question  the prompt as shown (deck markup)
 * @property {boolean} checked  true when the page judged the answer (a computed card's check, a
 *   red-flag judgement, a mock interview's checklist); false for a self-grade (Again .. Easy)
 * @property {boolean} correct
 * @property {string} response  what the learner answered, as given ('true'/'false' in the drill, the grade's label for a self-grade)
 * @property {number[]} [values]  a computed card's answer as numbers, when it reads as numbers
 * @property {number | number[] | boolean} [expected]  the right answer, where there is one
 * @property {number} [tolerance]  a computed card's
 * @property {number} [score]  0..1 where the answer has a partial score (the mock interview's)
 * @property {Record<string, number>} [steps]  the mock interview's counts (key points said, of how many, red flags said)
 * @property {number} latencyMs  from showing the item to answering it
 */

/**
 * @typedef {object} QuizContext
 * @property {ReturnType<typeof createDeckLibrary>} library
 * @property {() => any[]} cards
 * @property {() => import('./progress-model.js').Progress} getProgress
 * @property {(progress: import('./progress-model.js').Progress) => void} setProgress  replaces all progress (import, reset); saves at once
 * @property {(change: (latest: import('./progress-model.js').Progress) => import('./progress-model.js').Progress) => import('./progress-model.js').Progress} updateProgress
 *   applies change to the progress as stored now (another tab may have written since) and saves; returns the result
 * @property {(text: string) => void} announce  polite screen-reader announcement
 * @property {() => Promise<any>} getEngine
 * @property {(message: string) => Promise<boolean>} confirm
 * @property {(text: string, source: string) => Promise<{ deck: any, errors: string[], kept: string }>} addDeckText
 *   adds a deck from a file and keeps it in storage; the mode that called it says what happened (kept: whether it was stored)
 * @property {(deckId: string, source: string) => void} removeDeck  takes a deck out of the quiz (its storage record is the caller's)
 * @property {Storage} storage  where progress, backups and loaded decks are kept
 * @property {() => import('./progress-model.js').Backup[]} heldBackups  backups storage had no room for (this page only)
 * @property {(answer: Answer) => void} recordAnswer
 *   tells the page (LMS reporting, xAPI) that the learner answered; a 'posenc:answered' event
 * @property {() => string[] | null} reviewDecks  the deck ids Review draws from; null for all decks
 * @property {(decks: string[] | null) => void} setReviewDecks  remembers the choice (this browser, and the URL)
 * @property {(node: Element) => void} revealInPage  scrolls this page (never a host page) so the node's top is in view
 * @property {(commit: boolean) => void} settingsChanged  the mode's own URL settings changed (a history entry when commit)
 */

/** @typedef {{ mode?: string, decks?: string[], scope?: string, card?: string }} QuizState  the quiz's settings in the URL (scope and card: Cram's) */

// The Review's deck choice, remembered in this browser (null: every deck, including decks loaded later).
const REVIEW_DECKS_KEY = 'posenc.quiz.review-decks';

/**
 * @typedef {{ root: HTMLElement, activate: (options?: { focus?: boolean }) => void, onKey: (event: KeyboardEvent) => boolean,
 *   onProgressChange?: () => void }} QuizMode
 */

/**
 * Each mode: [name (also ?mode=), button label, factory].
 * @type {[string, string, (context: QuizContext) => QuizMode][]}
 */
const modeFactories = [
  ['review', 'Review', createReviewMode],
  ['cram', 'Cram', createCramMode],
  ['red-flags', 'Red-flag drill', createRedFlagDrill],
  ['follow-ups', 'Follow-ups', createFollowUpDrill],
  ['mock', 'Mock interview', createMockInterview],
  ['stats', 'Stats', createStatsMode],
  ['manage', 'Decks & progress', createManageMode],
];

/**
 * @param {HTMLElement} panel  the quiz <section>
 * @param {{ storage?: Storage, getEngine?: () => Promise<any>, settings?: QuizState,
 *   onChange?: (state: QuizState, commit: boolean) => void }} [options]
 *   getEngine shares the page's engine; settings come from the URL; onChange reports the learner's changes to it
 * @returns {Promise<{ show: (settings: QuizState) => void, readonly state: QuizState }>}
 */
export async function startQuiz(panel, { storage: given = undefined, getEngine = undefined, settings = {}, onChange = () => {} } = {}) {
  // The deck list and the first deck: copied into index.html by the build (JSON data blocks, never
  // executed), so the first card needs no request; otherwise fetched while the modes are built.
  const shippedDecks = startShippedDecks(document.baseURI, {
    embedded: (file) => document.querySelector(`script[type="application/json"][data-file="${file}"]`)?.textContent ?? undefined,
  });
  const byId = (id) => /** @type {HTMLElement} */ (panel.querySelector(`#${id}`));
  const announcer = byId('quiz-announcer');
  const errorsBox = byId('quiz-deck-errors');
  const noticeBox = byId('quiz-notice');
  const library = createDeckLibrary();
  const { storage, notice: storageNotice } = given ? { storage: given, notice: null } : browserStorage();
  if (storageNotice) showNotice(storageNotice);
  /** @type {import('./progress-model.js').Backup[]} */
  const heldBackups = [];
  // True while this tab holds grades storage refused (full): they are written with the next save.
  let unsaved = false;
  let progress = read().progress;
  let reviewDecks = settings.decks ?? storedReviewDecks(storage);

  /** Reads stored progress; what was set aside is announced, and a backup storage refused is held here. */
  function read() {
    const loaded = loadProgress(storage);
    if (loaded.notice) showNotice(loaded.notice);
    if (loaded.heldBackup) heldBackups.unshift(loaded.heldBackup);
    if (loaded.unsaved) unsaved = true;
    return loaded;
  }

  /** Saves `next` as this tab's progress; a full storage gives a notice, and the page goes on. */
  function commit(next) {
    progress = next;
    try {
      saveProgress(storage, progress);
      if (unsaved) hideNotice();
      unsaved = false;
    } catch (error) {
      unsaved = true;
      const why = isQuotaError(error) ? "this browser's storage for the page is full" : `${error.name}: ${error.message}`;
      showNotice(
        `Your latest reviews could not be saved (${why}). They are kept while this page stays open; export your progress from "Decks & progress", or free some storage, and the next grade saves them all.`,
      );
    }
    return progress;
  }

  /** What is stored now (another tab may have graded since), or this tab's copy while it holds unsaved grades. */
  function latest() {
    if (unsaved) return progress;
    return read().progress;
  }

  // Another tab saved: take its progress, and let the mode on screen catch up.
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    if (unsaved) return; // this tab's unsaved grades win; they are written on top of the latest with the next save
    progress = latest();
    modes.get(activeMode)?.onProgressChange?.();
  });

  let enginePromise = null;
  /** @type {QuizContext} */
  const context = {
    library,
    storage,
    heldBackups: () => heldBackups,
    cards: () => library.cards,
    getProgress: () => progress,
    setProgress(next) {
      unsaved = false;
      commit(next);
    },
    updateProgress(change) {
      return commit(change(latest()));
    },
    announce(text) {
      // Clearing first makes a repeated message be read again.
      announcer.textContent = '';
      requestAnimationFrame(() => {
        announcer.textContent = text;
      });
    },
    getEngine: getEngine ?? (() => (enginePromise ??= import('../posenc.js').then(({ loadPosenc }) => loadPosenc()))),
    confirm: (message) => confirmDialog(byId('confirm-dialog'), message),
    recordAnswer(answer) {
      panel.dispatchEvent(new CustomEvent('posenc:answered', { detail: answer, bubbles: true }));
    },
    reviewDecks: () => reviewDecks,
    setReviewDecks(decks) {
      reviewDecks = decks;
      try {
        if (decks) storage.setItem(REVIEW_DECKS_KEY, JSON.stringify(decks));
        else storage.removeItem(REVIEW_DECKS_KEY);
      } catch {
        /* a full storage: the choice still holds in the URL and on this page */
      }
      onChange(state(), true);
    },
    settingsChanged(commit) {
      onChange(state(), commit);
    },
    revealInPage(node) {
      showFromTop(node);
    },
    async addDeckText(text, source) {
      const added = library.addText(text, source);
      showDeckErrors();
      let kept = '';
      if (added.deck) {
        kept = 'It is kept in this browser until you remove it.';
        try {
          storeDeck(storage, { id: added.deck.id, source, text, savedAt: new Date().toISOString() });
        } catch (error) {
          kept = `It could not be kept for your next visit (${isQuotaError(error) ? "this browser's storage for the page is full" : error.message}); it works until the page closes.`;
        }
      }
      modes.get(activeMode)?.activate();
      return { ...added, kept };
    },
    removeDeck(deckId, source) {
      library.remove(deckId, source);
      showDeckErrors();
      modes.get(activeMode)?.activate();
    },
  };

  function showNotice(text) {
    noticeBox.textContent = text;
    noticeBox.hidden = false;
  }

  function hideNotice() {
    noticeBox.hidden = true;
    noticeBox.textContent = '';
  }

  function showDeckErrors() {
    if (library.failures.length === 0) {
      errorsBox.hidden = true;
      errorsBox.replaceChildren();
      return;
    }
    errorsBox.hidden = library.failures.length === 0;
    errorsBox.replaceChildren(
      element('p', [
        element('strong', [`${library.failures.length} deck${library.failures.length === 1 ? '' : 's'} could not be loaded`]),
        ' — the other decks work as usual.',
      ]),
      element(
        'ul',
        library.failures.flatMap(({ errors }) => errors.slice(0, 20).map((text) => element('li', [text]))),
      ),
    );
  }

  // Modes and their switcher buttons.
  const modeBar = byId('quiz-modes');
  const modeHost = byId('quiz-mode-host');
  const modes = new Map();
  let activeMode = 'review';
  for (const [name, label, factory] of modeFactories) {
    const mode = factory(context);
    mode.root.classList.add('quiz-mode');
    mode.root.id = `mode-${name}`;
    mode.root.hidden = true;
    modeHost.append(mode.root);
    modes.set(name, mode);
    const button = element('button', [label], {
      className: 'mode-button',
      attributes: { type: 'button', 'data-mode': name, 'aria-pressed': 'false', 'aria-controls': `mode-${name}` },
    });
    button.addEventListener('click', () => switchMode(name, { report: true }));
    modeBar.append(element('li', [button]));
  }

  // A mode may keep settings of its own in the URL (Cram: its selection and card).
  const state = () => ({ mode: activeMode, decks: reviewDecks ?? undefined, ...modes.get(activeMode).settings?.() });
  /** Opens what the URL asks of the mode on screen (Cram's ?scope= and ?card=), if it asks anything. */
  const openFrom = (asked) => {
    const mode = modes.get(activeMode);
    if (!mode.open || (asked.scope === undefined && asked.card === undefined)) return false;
    mode.open(asked);
    return true;
  };

  /** Shows a mode; `report` when the learner chose it, so the URL gets a history entry. */
  function switchMode(name, { report = false } = {}) {
    if (!modes.has(name)) name = 'review';
    activeMode = name;
    for (const [modeName, mode] of modes) mode.root.hidden = modeName !== name;
    for (const button of modeBar.querySelectorAll('button')) button.setAttribute('aria-pressed', String(button.dataset.mode === name));
    modes.get(name).activate();
    if (report) onChange(state(), true);
  }

  // Keys: only while the quiz is the view on screen; ignored while typing or inside an open dialog
  // (just after Escape, the focus can still sit in the closed dialog until the next frame moves it);
  // Space/Enter left to a focused control.
  const shortcuts = /** @type {HTMLDialogElement} */ (byId('shortcuts-dialog'));
  byId('quiz-shortcuts-open').addEventListener('click', () => shortcuts.showModal());
  document.addEventListener('keydown', (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    if (panel.hidden || event.defaultPrevented || target.closest('input, select, textarea, [contenteditable], dialog[open]')) return;
    if (event.key === '?') {
      shortcuts.showModal();
      event.preventDefault();
      return;
    }
    if ((event.key === ' ' || event.key === 'Enter') && target.closest('button, a, summary')) return;
    if (modes.get(activeMode).onKey(event)) event.preventDefault();
  });

  // Decks: the first shipped deck, shown at once; then the rest of the list and an extra one from
  // ?deck=URL. The startup resolves when every deck is in.
  const params = new URLSearchParams(location.search);
  let learnerActed = false;
  const noteAction = () => {
    learnerActed = true;
  };
  panel.addEventListener('pointerdown', noteAction);
  document.addEventListener('keydown', noteAction);
  await loadShippedDecks(
    library,
    document.baseURI,
    () => {
      byId('quiz-loading')?.remove();
      switchMode(settings.mode ?? 'review');
      openFrom(settings);
      performance.mark('posenc:first-card');
    },
    shippedDecks,
  );
  // Decks loaded from files on earlier visits, validated again; a refused one is listed with the errors.
  for (const stored of readStoredDecks(storage).decks) library.addText(stored.text, stored.source);
  const extra = params.get('deck');
  if (extra) {
    const url = new URL(extra, document.baseURI);
    try {
      library.addText(await fetchText(url), url.href);
    } catch (error) {
      library.addFailure(url.href, error.message);
    }
  }
  showDeckErrors();
  // Every mode reads context.cards() afresh, so the next card or the next grade sees all decks. Redraw
  // now (queue counts, due cards of the later decks first) only if the learner has not started on
  // the card shown: a card being answered is never swapped under them.
  if (!learnerActed && !openFrom(settings)) modes.get(activeMode).activate();
  panel.removeEventListener('pointerdown', noteAction);
  document.removeEventListener('keydown', noteAction);
  // A framed page never scrolls: scrollIntoView would scroll the host page too, even across origins.
  if (params.get('view') === 'quiz' && window.parent === window) panel.scrollIntoView();

  return {
    /**
     * Settings from the URL (back/forward, a tab): the mode, and the decks when the URL names them.
     * Only a change redraws, so a card being answered is never swapped under the learner.
     */
    show(next) {
      const decksChanged = next.decks !== undefined && next.decks.join() !== reviewDecks?.join();
      if (decksChanged) reviewDecks = next.decks;
      if (next.mode && next.mode !== activeMode) switchMode(next.mode);
      else if (decksChanged) modes.get(activeMode).activate();
      openFrom(next);
    },
    get state() {
      return state();
    },
  };
}

/** The Review's remembered deck choice: a list of deck ids, or null (all decks) when none is stored or it is unreadable. */
function storedReviewDecks(storage) {
  try {
    const decks = JSON.parse(storage.getItem(REVIEW_DECKS_KEY) ?? 'null');
    return Array.isArray(decks) && decks.every((id) => typeof id === 'string') ? decks : null;
  } catch {
    return null;
  }
}

/** Resolves true when the learner confirms in the <dialog>, false on Cancel or Escape. */
function confirmDialog(dialog, message) {
  dialog.querySelector('.confirm-message').textContent = message;
  dialog.returnValue = '';
  dialog.showModal();
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'confirm'), { once: true });
  });
}
