// Review: the due queue graded Again/Hard/Good/Easy (keys 1-4) with FSRS, new cards limited per
// day, undo of the last grade (u or Ctrl+Z). Progress is saved on every grade and every undo.
import { createCardView } from './card-view.js';
import { revealOrAnswer, showComputedCard } from './computed-card.js';
import { buildQueue, gradeCard, grades, previewIntervals, undoGrade } from './scheduler.js';
import { storedCard } from './progress-store.js';
import { element } from './render.js';

/** @param {import('./quiz-app.js').QuizContext} context */
export function createReviewMode(context) {
  const view = createCardView({ idPrefix: 'card' });
  const counts = element('p', [], { className: 'queue-counts', id: 'review-counts' });
  const undoButton = element('button', ['Undo last grade (u)'], { id: 'review-undo', className: 'secondary', attributes: { type: 'button' } });
  undoButton.disabled = true;
  const gradeButtons = grades.map(({ rating, key, label }) => {
    const button = element('button', [], { className: `grade grade-${label.toLowerCase()}`, attributes: { type: 'button', 'data-rating': String(rating), 'aria-keyshortcuts': key } });
    button.addEventListener('click', () => grade(rating));
    return button;
  });
  const gradeBar = element('div', gradeButtons, { className: 'grade-bar', attributes: { role: 'group', 'aria-label': 'Grade your answer' } });
  gradeBar.hidden = true;
  const controls = element('div', [view.flipButton, element('span', ['Space flips · 1–4 grade · ? shortcuts'], { className: 'hint' })], { className: 'card-controls' });
  const root = element('div', [element('div', [counts, undoButton], { className: 'review-bar' }), view.article, controls, gradeBar]);

  let current = null;
  let shownAt = 0;
  /** @type {any[]} */
  let undoStack = [];

  view.onFlip((flipped) => { gradeBar.hidden = !flipped || !current; });

  function refresh() {
    const now = new Date();
    const progress = context.getProgress();
    const queue = buildQueue(context.cards(), progress, now);
    counts.textContent = `Due ${queue.due.length} · new left today ${queue.fresh.length}`;
    undoButton.disabled = undoStack.length === 0;
    current = context.cards().find((card) => card.id === queue.next) ?? null;
    gradeBar.hidden = true;
    if (!current) {
      const next = queue.nextDue ? ` The next card is due ${queue.nextDue.toLocaleString()}.` : '';
      view.showMessage(`Nothing to review right now.${next} Cram, drill or a mock interview keep you practising without changing the schedule.`);
      return;
    }
    shownAt = performance.now();
    const intervals = previewIntervals(progress, current.id, now);
    gradeButtons.forEach((button, index) => {
      const { rating, key, label } = grades[index];
      button.replaceChildren(element('span', [`${label}`], { className: 'grade-label' }), element('span', [` ${key} · ${intervals[rating]}`], { className: 'grade-detail' }));
    });
    if (current.computed) showComputedCard(view, current, { getEngine: context.getEngine, announce: context.announce, recordAnswer: context.recordAnswer,
      onChecked: (correct) => gradeButtons[correct ? 2 : 0].focus() });
    else view.show(current);
  }

  function grade(rating) {
    if (!current || !view.flipped) return;
    const now = new Date();
    let undo;
    const progress = context.updateProgress((latest) => {
      const graded = gradeCard(latest, current.id, rating, now);
      undo = graded.undo;
      return graded.progress;
    });
    undoStack = [...undoStack.slice(-49), undo];
    const label = grades.find((entry) => entry.rating === rating).label;
    // A computed card's answer was its check (recorded then); elsewhere the grade is the learner's own verdict.
    if (!current.computed) {
      context.recordAnswer({ kind: 'review', cardId: current.id, question: current.question, checked: false, correct: rating >= 3,
        response: label, latencyMs: performance.now() - shownAt });
    }
    const due = new Date(storedCard(progress, current.id).due);
    context.announce(`Graded ${label}. Next review of this card ${due - now < 86400000 ? `at ${due.toLocaleTimeString()}` : `on ${due.toLocaleDateString()}`}.`);
    refresh();
  }

  function undo() {
    const last = undoStack.at(-1);
    if (!last) return;
    undoStack = undoStack.slice(0, -1);
    context.updateProgress((latest) => undoGrade(latest, last));
    context.announce('Last grade undone.');
    refresh();
  }
  undoButton.addEventListener('click', undo);

  return {
    root,
    activate: refresh,
    // Another tab graded: show the new queue, unless the learner is looking at an answer here.
    onProgressChange() { if (!view.flipped) refresh(); },
    /** @param {KeyboardEvent} event @returns {boolean} handled */
    onKey(event) {
      if ((event.key === 'z' && (event.ctrlKey || event.metaKey)) || (event.key === 'u' && !event.ctrlKey && !event.metaKey)) { undo(); return true; }
      if (event.ctrlKey || event.metaKey || event.altKey) return false;
      if (event.key === ' ' || event.key === 'Enter') { revealOrAnswer(view); return true; }
      const entry = grades.find(({ key }) => key === event.key);
      if (entry) { grade(entry.rating); return true; }
      return false;
    },
  };
}
