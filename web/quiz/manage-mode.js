// Decks and progress: which decks are loaded, load a deck file, the new-card limit, export and
// import progress, export for Anki, reset (after confirmation).
import { exportProgress, importProgress, emptyProgress } from './progress-store.js';
import { ankiExport, downloadText } from './exporters.js';
import { element } from './render.js';

/** @param {import('./quiz-app.js').QuizContext} context */
export function createManageMode(context) {
  const deckList = element('ul', [], { id: 'deck-list' });
  const deckFile = element('input', [], { id: 'deck-file', attributes: { type: 'file', accept: '.json,application/json' } });
  const progressFile = element('input', [], { id: 'progress-file', attributes: { type: 'file', accept: '.json,application/json' } });
  const newPerDay = element('input', [], { id: 'new-per-day', attributes: { type: 'number', min: '0', max: '500', step: '1' } });
  const button = (label, id, action) => {
    const made = element('button', [label], { id, className: 'secondary', attributes: { type: 'button' } });
    made.addEventListener('click', action);
    return made;
  };
  const stamp = () => new Date().toISOString().slice(0, 10);

  deckFile.addEventListener('change', async () => {
    const file = deckFile.files?.[0];
    if (file) await context.addDeckText(await file.text(), `file ${file.name}`);
    deckFile.value = '';
    render();
  });
  progressFile.addEventListener('change', async () => {
    const file = progressFile.files?.[0];
    progressFile.value = '';
    if (!file) return;
    try {
      const imported = importProgress(await file.text());
      if (!(await context.confirm(`Replace your progress with ${file.name} (${Object.keys(imported.cards).length} cards, ${imported.log.length} reviews)?`))) return;
      context.setProgress(imported);
      context.announce('Progress imported.');
    } catch (error) {
      context.announce(`That file is not posenc progress: ${error.message}`);
    }
    render();
  });
  newPerDay.addEventListener('change', () => {
    const value = Math.max(0, Math.min(500, Math.round(Number(newPerDay.value) || 0)));
    context.updateProgress((latest) => ({ ...latest, settings: { ...latest.settings, newPerDay: value } }));
    context.announce(`New cards per day set to ${value}.`);
  });

  const root = element('div', [
    element('h3', ['Decks']), deckList,
    element('p', [element('label', ['Load a deck file: '], { attributes: { for: 'deck-file' } }), deckFile]),
    element('h3', ['Progress']),
    element('p', [element('label', ['New cards per day: '], { attributes: { for: 'new-per-day' } }), newPerDay]),
    element('p', [
      button('Export progress (JSON)', 'export-progress', () => downloadText(`posenc-progress-${stamp()}.json`, exportProgress(context.getProgress()), 'application/json')),
      button('Export decks for Anki (TSV)', 'export-anki', () => downloadText(`posenc-decks-${stamp()}.txt`, ankiExport(context.cards()), 'text/tab-separated-values')),
    ], { className: 'button-row' }),
    element('p', [element('label', ['Import progress: '], { attributes: { for: 'progress-file' } }), progressFile]),
    element('p', [button('Reset all progress…', 'reset-progress', async () => {
      if (!(await context.confirm('Erase all review history and schedules in this browser? Export first if you may want them back.'))) return;
      context.setProgress({ ...emptyProgress(), settings: context.getProgress().settings });
      context.announce('Progress reset.');
    })]),
  ]);

  function render() {
    deckList.replaceChildren(...context.library.decks.map((deck) => element('li', [`${deck.title} — ${deck.cards.length} card${deck.cards.length === 1 ? '' : 's'} (${deck.source})`])));
    newPerDay.value = String(context.getProgress().settings.newPerDay);
  }
  return { root, activate: render, onKey: () => false };
}
