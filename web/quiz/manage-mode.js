// Decks and progress: which decks are loaded, load a deck file (kept until removed), the new-card
// limit, the desired retention and the FSRS optimiser, export and import progress, export for
// Anki (an .apkg package, or tab-separated text), reset (after confirmation), and the backups: of
// progress before an import replaced it, and of progress that could not be read; each can be
// restored with one click. What each action did is said on screen.
import { progressLimits } from './progress-model.js';
import { emptyProgress } from './progress-schema.js';
import { exportProgress, importProgress, readBackups, removeBackup } from './progress-store.js';
import { backUpProgress, backupHolds, holdsProgress } from './import-backup.js';
import { readStoredDecks, removeStoredDeck } from './deck-store.js';
import { ankiExport, drawComputedCards } from './exporters.js';
import { downloadFile } from '../dom.js';
import { createSchedulingSettings } from './scheduling-settings.js';
import { pageSeed } from './random.js';
import { element } from '../dom.js';

/** A line that says on screen what an action did (a status region, so it is also read out). */
function statusLine(id) {
  const line = element('p', [], { id, className: 'manage-status', attributes: { role: 'status' } });
  return {
    line,
    /** @param {string} text @param {{ problem?: boolean }} [options] problem: the action failed */
    tell(text, { problem = false } = {}) {
      line.textContent = text;
      line.classList.toggle('problem', problem);
    },
  };
}

/** @param {import('./quiz-app.js').QuizContext} context */
export function createManageMode(context) {
  const deckList = element('ul', [], { id: 'deck-list' });
  const storedList = element('ul', [], { id: 'stored-deck-list' });
  const backupList = element('ul', [], { id: 'backup-list', attributes: { tabindex: '-1', 'aria-label': 'Backups' } });
  const deckFile = element('input', [], { id: 'deck-file', attributes: { type: 'file', accept: '.json,application/json' } });
  const progressFile = element('input', [], { id: 'progress-file', attributes: { type: 'file', accept: '.json,application/json' } });
  const newPerDay = element('input', [], { id: 'new-per-day', attributes: { type: 'number', min: '0', max: String(progressLimits.maxNewPerDay), step: '1' } });
  const button = (label, id, action, attributes = {}) => {
    const made = element('button', [label], { id, className: 'secondary', attributes: { type: 'button', ...attributes } });
    made.addEventListener('click', action);
    return made;
  };
  const stamp = () => new Date().toISOString().slice(0, 10);
  // Deck titles are the author's text: isolated, so a right-to-left title cannot reorder the line around it.
  const isolated = (text) => element('bdi', [text]);
  const deckStatus = statusLine('deck-status');
  const progressStatus = statusLine('progress-status');
  const schedulingStatus = statusLine('scheduling-status');
  const scheduling = createSchedulingSettings(context, schedulingStatus);

  deckFile.addEventListener('change', async () => {
    const file = deckFile.files?.[0];
    if (file) {
      const { deck, errors, kept } = await context.addDeckText(await file.text(), `file ${file.name}`);
      if (deck) deckStatus.tell(`Deck "${deck.title}" loaded from ${file.name}: ${deck.cards.length} card${deck.cards.length === 1 ? '' : 's'}. ${kept}`);
      else
        deckStatus.tell(
          `${file.name} was not loaded: ${errors[0]}${errors.length > 1 ? ` (and ${errors.length - 1} more problems, listed at the top of Flash cards)` : ''}`,
          { problem: true },
        );
    }
    deckFile.value = '';
    render();
  });
  progressFile.addEventListener('change', async () => {
    const file = progressFile.files?.[0];
    progressFile.value = '';
    if (!file) return;
    try {
      // Refused before reading: a file far past the limit is never loaded into memory.
      if (file.size > progressLimits.maxImportBytes)
        throw new RangeError(
          `the file is ${file.size.toLocaleString('en-US')} bytes; progress files may be at most ${progressLimits.maxImportBytes.toLocaleString('en-US')} bytes`,
        );
      const { progress, kept, refused } = importProgress(await file.text());
      const leftOut = refused ? ` These cannot be read and will be left out: ${refused}.` : '';
      const keptFirst = holdsProgress(context.getProgress()) ? ' Your progress now is kept as a backup first.' : '';
      if (!(await context.confirm(`Replace your progress with ${file.name}? It keeps ${kept}.${leftOut}${keptFirst}`))) {
        progressStatus.tell('Import cancelled: your progress is unchanged.');
        return;
      }
      const backup = backUpProgress(context.storage, context.heldBackups(), context.getProgress(), `importing ${file.name}`);
      context.setProgress(progress);
      progressStatus.tell(
        `Progress imported from ${file.name}: ${kept}.${refused ? ` Left out as unreadable: ${refused}.` : ''}${backup ? ' Your progress before it is under Backups, to restore with one click.' : ''}`,
      );
    } catch (error) {
      progressStatus.tell(`${file.name} is not posenc progress (${error.message}); your progress is unchanged.`, { problem: true });
    }
    render();
  });
  newPerDay.addEventListener('change', () => {
    const value = Math.max(0, Math.min(progressLimits.maxNewPerDay, Math.round(Number(newPerDay.value) || 0)));
    context.updateProgress((latest) => ({ ...latest, settings: { ...latest.settings, newPerDay: value } }));
    progressStatus.tell(`New cards per day: ${value}.`);
  });

  const root = element('div', [
    element('h3', ['Decks']),
    deckList,
    element('p', [element('label', ['Load a deck file: '], { attributes: { for: 'deck-file' } }), deckFile]),
    deckStatus.line,
    element('p', ['A deck loaded from a file is kept in this browser, and checked again each time the page opens, until you remove it.'], {
      className: 'hint',
    }),
    storedList,
    element('h3', ['Progress']),
    element('p', [element('label', ['New cards per day: '], { attributes: { for: 'new-per-day' } }), newPerDay]),
    element(
      'p',
      [
        button('Export progress (JSON)', 'export-progress', () =>
          downloadFile(`posenc-progress-${stamp()}.json`, exportProgress(context.getProgress()), 'application/json'),
        ),
        button('Export decks for Anki (.apkg)', 'export-apkg', exportAnkiPackage),
        button('Export decks as text (TSV)', 'export-anki', exportForAnki),
      ],
      { className: 'button-row' },
    ),
    element('p', [element('label', ['Import progress: '], { attributes: { for: 'progress-file' } }), progressFile]),
    element('p', [
      button('Reset all progress…', 'reset-progress', async () => {
        if (!(await context.confirm('Erase all review history and schedules in this browser? Export first if you may want them back.'))) return;
        context.setProgress({ ...emptyProgress(), settings: context.getProgress().settings });
        progressStatus.tell('Progress reset: this browser holds no reviews or schedules now.');
      }),
    ]),
    progressStatus.line,
    scheduling.root,
    schedulingStatus.line,
    element('h3', ['Backups']),
    element(
      'p',
      [
        `Your progress is kept here before an import or a restore replaces it, and saved progress that could not be read is set aside here exactly as it was stored (the last ${progressLimits.backups} backups are kept). Restore puts a backup's progress back; Download gives its text, to keep or repair by hand.`,
      ],
      { className: 'hint' },
    ),
    backupList,
  ]);

  function renderStoredDecks() {
    const { decks, unreadable } = readStoredDecks(context.storage);
    const remove = (label, id, deckId, source) =>
      button(label, id, async () => {
        if (
          !(await context.confirm(
            `Remove ${deckId === null ? 'every deck kept in this browser' : `the deck from ${source}`}? Your reviews of its cards stay in your progress.`,
          ))
        )
          return;
        removeStoredDeck(context.storage, deckId);
        if (deckId !== null) context.removeDeck(deckId, source);
        else for (const deck of decks) context.removeDeck(deck.id, deck.source);
        deckStatus.tell(
          deckId === null
            ? 'The decks kept in this browser were removed.'
            : `The deck from ${source} was removed; your reviews of its cards stay in your progress.`,
        );
        render();
      });
    storedList.replaceChildren(
      ...decks.map((stored, index) => {
        const loaded = context.library.decks.find((deck) => deck.id === stored.id && deck.source === stored.source);
        return element('li', [
          loaded ? isolated(loaded.title) : `${stored.source}: could not be loaded (see the errors above)`,
          ` — kept since ${stored.savedAt.slice(0, 10)} `,
          remove('Remove', `remove-deck-${index}`, stored.id, stored.source),
        ]);
      }),
      ...(unreadable === null
        ? []
        : [element('li', ['The decks kept in this browser could not be read. ', remove('Remove them', 'remove-stored-decks', null, null)])]),
    );
    storedList.hidden = storedList.childElementCount === 0;
  }

  function renderBackups() {
    const held = context.heldBackups();
    const backups = [...held, ...readBackups(context.storage).filter((backup) => !held.some((one) => one.savedAt === backup.savedAt))];
    backupList.replaceChildren(
      ...(backups.length === 0
        ? [element('li', ['No backups.'])]
        : backups.map((backup, index) => {
            const when = backup.savedAt.startsWith('1970') ? 'date unknown' : new Date(backup.savedAt).toLocaleString();
            const inMemory = held.includes(backup) ? ' Held by this page only: storage had no room for it.' : '';
            const holds = backupHolds(backup.text);
            return element('li', [
              element('strong', [when]),
              ` (${backup.text.length.toLocaleString('en-US')} characters). ${backup.reason} ${holds ? `It holds ${holds}.` : 'Nothing in it can be read as progress.'}${inMemory} `,
              ...(holds ? [button('Restore', `restore-backup-${index}`, () => restore(backup, when)), ' '] : []),
              button('Download', `download-backup-${index}`, () =>
                downloadFile(`posenc-progress-backup-${backup.savedAt.slice(0, 10)}.json`, backup.text, 'application/json'),
              ),
              ' ',
              button('Delete', `delete-backup-${index}`, async () => {
                if (!(await context.confirm('Delete this backup? Download it first if it may hold reviews you want back.'))) return;
                if (held.includes(backup)) held.splice(held.indexOf(backup), 1);
                else removeBackup(context.storage, backup.savedAt);
                context.announce('Backup deleted.');
                render();
              }),
            ]);
          })),
    );
  }

  /** Puts a backup's progress back, keeping what it replaces as a backup first. */
  function restore(backup, when) {
    let restored;
    try {
      restored = importProgress(backup.text);
    } catch (error) {
      progressStatus.tell(`The backup of ${when} cannot be restored (${error.message}); your progress is unchanged.`, { problem: true });
      return;
    }
    const replaced = backUpProgress(context.storage, context.heldBackups(), context.getProgress(), `restoring the backup of ${when}`);
    context.setProgress(restored.progress);
    progressStatus.tell(`Progress restored from the backup of ${when}: ${restored.kept}.${replaced ? ' The progress it replaced is kept as a backup.' : ''}`);
    render();
    // The button pressed is gone with the old list: the focus goes to the list, not to the top of the page.
    backupList.focus();
  }

  /** Computed cards drawn by the engine for an export; what was left out, said in a sentence. */
  async function drawForExport(cards) {
    const computed = cards.filter((card) => card.computed).length;
    if (computed === 0) return { drawn: new Map(), left: '' };
    try {
      return { drawn: drawComputedCards(cards, await context.getEngine(), pageSeed), left: '' };
    } catch (error) {
      return { drawn: new Map(), left: ` The ${computed} computed cards were left out: the engine could not draw them (${error.message}).` };
    }
  }

  /** Every loaded card as an Anki note (tab-separated text); computed cards with numbers drawn by the engine for this export. */
  async function exportForAnki() {
    const cards = context.cards();
    const { drawn, left } = await drawForExport(cards);
    const computed = cards.filter((card) => card.computed).length;
    downloadFile(`posenc-decks-${stamp()}.txt`, ankiExport(cards, drawn), 'text/tab-separated-values');
    progressStatus.tell(
      `Exported ${cards.length - computed + drawn.size} notes for Anki (File > Import in Anki)${drawn.size ? `, computed cards with numbers drawn for this export` : ''}.${left}`,
    );
  }

  /** Every loaded deck as one Anki package: a note type with posenc's tiers, an Anki deck per posenc deck. */
  async function exportAnkiPackage() {
    const cards = context.cards();
    progressStatus.tell('Building the Anki package…');
    try {
      const { drawn, left } = await drawForExport(cards);
      const { ankiPackage } = await import('./anki-package.js');
      const { bytes, notes } = await ankiPackage({ decks: context.library.decks, cards, drawn });
      downloadFile(`posenc-decks-${stamp()}.apkg`, bytes, 'application/octet-stream');
      progressStatus.tell(
        `Exported ${notes} notes in ${context.library.decks.length} decks as an Anki package (open it with Anki, or File > Import); each keeps the question, hints, key points, both answers, code, red flags and sources.${left}`,
      );
    } catch (error) {
      progressStatus.tell(`The Anki package could not be built (${error.message}); the text export still works.`, { problem: true });
    }
  }

  function render() {
    deckList.replaceChildren(
      ...context.library.decks.map((deck) =>
        element('li', [isolated(deck.title), ` — ${deck.cards.length} card${deck.cards.length === 1 ? '' : 's'} (${deck.source})`]),
      ),
    );
    newPerDay.value = String(context.getProgress().settings.newPerDay);
    scheduling.render();
    renderStoredDecks();
    renderBackups();
  }
  return { root, activate: render, onKey: () => false };
}
