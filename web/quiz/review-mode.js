// Review: the due queue graded Again/Hard/Good/Easy (keys 1-4) with FSRS, new cards limited per
// day, undo of the last grade (u or Ctrl+Z). Progress is saved on every grade and every undo.
// Anki's keyboard habit: a computed card's answer box takes the typing, Enter checks, Space flips,
// 1-4 grade, - buries, @ suspends, and focus stays on the card from one card to the next. A tiered
// card takes an optional typed answer (t) and hints (h); the flip marks the key points covered and
// suggests a grade. After a break, catch-up spreads the overdue pile over a few days.
import { createCardView } from './card-view.js';
import { revealOrAnswer, showComputedCard } from './computed-card.js';
import { addAnswerAids } from './answer-aids.js';
import {
  CATCH_UP_THRESHOLD,
  LEECH_LAPSES,
  buildQueue,
  gradeCard,
  grades,
  markCard,
  overdueCards,
  previewIntervals,
  spreadOverdue,
  undoGrade,
} from './scheduler.js';
import { storedCard } from './progress-model.js';
import { element } from '../dom.js';

const plural = (count, one, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const time = (date) => date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The Review's deck picker: a disclosure of checkboxes, one per loaded deck. */
function createDeckChoice(context, onChange) {
  const summary = element('summary', []);
  const list = element('ul', [], { className: 'deck-choice-list' });
  const root = element('details', [summary, element('fieldset', [element('legend', ['Review draws new and due cards from']), list])], {
    className: 'deck-choice',
    id: 'review-decks',
  });
  list.addEventListener('change', () => {
    const ticked = [...list.querySelectorAll('input:checked')].map((box) => /** @type {HTMLInputElement} */ (box).value);
    onChange(ticked.length === context.library.decks.length ? null : ticked);
  });
  return {
    root,
    render() {
      const decks = context.library.decks;
      const chosen = context.reviewDecks();
      const included = decks.filter((deck) => !chosen || chosen.includes(deck.id));
      summary.textContent = included.length === decks.length ? `Decks: all ${decks.length}` : `Decks: ${included.length} of ${decks.length}`;
      list.replaceChildren(
        ...decks.map((deck) => {
          const id = `review-deck-${deck.id}`;
          const box = element('input', [], { id, attributes: { type: 'checkbox', value: deck.id } });
          box.checked = included.includes(deck);
          return element('li', [box, ' ', element('label', [`${deck.title} (${plural(deck.cards.length, 'card')})`], { attributes: { for: id } })]);
        }),
      );
    },
  };
}

/** The catch-up offer: shown when many review cards are overdue since before today. */
function createCatchUp(context, reviewCards, onSpread) {
  const days = element(
    'select',
    [3, 5, 7, 14].map((count) => element('option', [`${count} days`], { attributes: { value: String(count) } })),
    { id: 'catch-up-days' },
  );
  days.value = '5';
  const text = element('span', []);
  const button = element('button', ['Spread them'], { id: 'catch-up-spread', className: 'secondary', attributes: { type: 'button' } });
  const root = element('p', [text, ' ', element('label', ['Spread over '], { attributes: { for: 'catch-up-days' } }), days, ' ', button], {
    className: 'catch-up',
    id: 'catch-up',
  });
  root.hidden = true;
  button.addEventListener('click', () => {
    const now = new Date();
    let result;
    context.updateProgress((latest) => {
      result = spreadOverdue(reviewCards(), latest, now, Number(days.value));
      return result.progress;
    });
    context.announce(`Catch-up: ${result.perDay} overdue cards stay for today; ${result.moved} more come back over the next ${Number(days.value) - 1} days.`);
    onSpread();
  });
  return {
    root,
    render(progress, now) {
      const count = overdueCards(reviewCards(), progress, now).length;
      root.hidden = count < CATCH_UP_THRESHOLD;
      text.textContent = `After a break: ${count} cards have been overdue since before today. Rather than one pile, do the ones you are most likely to have forgotten first.`;
    },
  };
}

/** @param {import('./quiz-app.js').QuizContext} context */
export function createReviewMode(context) {
  const view = createCardView({ idPrefix: 'card' });
  const counts = element('p', [], { className: 'queue-counts', id: 'review-counts' });
  const undoButton = element('button', ['Undo last grade (u)'], { id: 'review-undo', className: 'secondary', attributes: { type: 'button' } });
  undoButton.disabled = true;
  const deckChoice = createDeckChoice(context, (chosen) => {
    context.setReviewDecks(chosen);
    refresh();
  });
  const gradeButtons = grades.map(({ rating, key, label }) => {
    const button = element('button', [], {
      className: `grade grade-${label.toLowerCase()}`,
      attributes: { type: 'button', 'data-rating': String(rating), 'aria-keyshortcuts': key },
    });
    button.addEventListener('click', () => grade(rating));
    return button;
  });
  const gradeBar = element('div', gradeButtons, { className: 'grade-bar', attributes: { role: 'group', 'aria-label': 'Grade your answer' } });
  gradeBar.hidden = true;
  const buryButton = element('button', ['Bury until tomorrow (-)'], {
    id: 'review-bury',
    className: 'secondary',
    attributes: { type: 'button', 'aria-keyshortcuts': '-' },
  });
  const suspendButton = element('button', ['Suspend (@)'], {
    id: 'review-suspend',
    className: 'secondary',
    attributes: { type: 'button', 'aria-keyshortcuts': '@' },
  });
  buryButton.addEventListener('click', () => setAside('buried'));
  suspendButton.addEventListener('click', () => setAside('suspended'));
  const controls = element(
    'div',
    [view.flipButton, buryButton, suspendButton, element('span', ['Space flips · 1–4 grade · t type · h hint · ? shortcuts'], { className: 'hint' })],
    { className: 'card-controls' },
  );
  const catchUp = createCatchUp(
    context,
    () => reviewCards(),
    () => refresh({ focus: true }),
  );
  const root = element('div', [
    element('div', [counts, deckChoice.root, undoButton], { className: 'review-bar' }),
    catchUp.root,
    view.article,
    controls,
    gradeBar,
  ]);
  // The card takes focus between cards (it is not a tab stop of its own).
  view.article.tabIndex = -1;

  let current = null;
  let aids = null; // hints and the typed answer of the tiered card on screen
  let suggested = null; // the rating the typed answer or the hints suggest, once flipped
  let shownAt = 0;
  /** @type {any[]} */
  let undoStack = [];
  let wakeUp = 0; // timer that shows a (re)learning card when it comes due

  view.onFlip((flipped) => {
    gradeBar.hidden = !flipped || !current;
    if (flipped && aids && suggested === null) {
      suggested = aids.judge();
      for (const button of gradeButtons) {
        const isSuggested = Number(button.dataset.rating) === suggested;
        button.classList.toggle('suggested', isSuggested);
        button.querySelector('.grade-suggested')?.remove();
        if (isSuggested) button.append(element('span', [' · suggested'], { className: 'grade-suggested' }));
      }
    }
  });

  /** The cards of the decks Review draws from. */
  const reviewCards = () => {
    const chosen = context.reviewDecks();
    return chosen ? context.cards().filter((card) => chosen.includes(card.deckId)) : context.cards();
  };

  /** Why nothing is shown: what comes back later today, where the new cards went, the next review. */
  function emptyMessage(queue, cards) {
    if (cards.length === 0) return 'No deck is chosen for review: tick at least one under "Decks" above.';
    const parts = ['Nothing to review right now.'];
    const { count, first } = queue.learningLater;
    if (count > 0)
      parts.push(
        `${plural(count, 'card')} you are learning or relearning come${count === 1 ? 's' : ''} back today, the first at ${time(first)}; it will appear here then.`,
      );
    if (queue.unseenLeft > 0)
      parts.push(
        `Today's new cards are done; ${plural(queue.unseenLeft, 'new card')} wait${queue.unseenLeft === 1 ? 's' : ''} for the coming days (the daily limit is under "Decks & progress").`,
      );
    else parts.push('Every card in the chosen decks has been introduced.');
    if (queue.nextDue && count === 0) parts.push(`The next card is due ${queue.nextDue.toLocaleString()}.`);
    parts.push('Cram, drill or a mock interview keep you practising without changing the schedule.');
    return parts.join(' ');
  }

  /**
   * Shows the next card. With `focus` (after the learner graded or undid), focus moves to it: to a
   * computed card's answer box, else to the card itself, so the keys go on where the eyes are.
   */
  function refresh({ focus = false } = {}) {
    clearTimeout(wakeUp);
    deckChoice.render();
    const now = new Date();
    const progress = context.getProgress();
    const cards = reviewCards();
    const queue = buildQueue(cards, progress, now);
    counts.textContent = `Due now ${queue.due.length + queue.ahead.length} · later today ${queue.learningLater.count} · new left today ${queue.fresh.length}`;
    undoButton.disabled = undoStack.length === 0;
    current = cards.find((card) => card.id === queue.next) ?? null;
    gradeBar.hidden = true;
    aids = null;
    suggested = null;
    catchUp.render(progress, now);
    buryButton.disabled = suspendButton.disabled = !current;
    if (!current) {
      view.showMessage(emptyMessage(queue, cards));
      const wait = queue.nextDue ? queue.nextDue.getTime() - now.getTime() : Infinity;
      if (wait < 86_400_000)
        wakeUp = setTimeout(
          () => {
            if (!root.hidden) refresh();
          },
          Math.max(1000, wait + 500),
        );
      if (focus) view.article.focus({ preventScroll: true });
      return;
    }
    shownAt = performance.now();
    const intervals = previewIntervals(progress, current.id, now);
    gradeButtons.forEach((button, index) => {
      const { rating, key, label } = grades[index];
      button.classList.remove('suggested');
      button.replaceChildren(
        element('span', [`${label}`], { className: 'grade-label' }),
        element('span', [` ${key} · ${intervals[rating]}`], { className: 'grade-detail' }),
      );
    });
    if (current.computed) {
      showComputedCard(view, current, {
        getEngine: context.getEngine,
        announce: context.announce,
        recordAnswer: context.recordAnswer,
        focusAnswer: focus,
        onChecked: () => view.article.focus({ preventScroll: true }),
      });
    } else {
      view.show(current);
      aids = addAnswerAids(view, current, {
        announce: context.announce,
        onFlipRequest: () => {
          view.flip(true);
          view.article.focus({ preventScroll: true });
        },
      });
      if (focus) view.article.focus({ preventScroll: true });
    }
    if (focus) context.revealInPage(view.article);
  }

  function grade(rating) {
    if (!current || !view.flipped) return;
    const now = new Date();
    let undo;
    let becameLeech = false;
    const progress = context.updateProgress((latest) => {
      const graded = gradeCard(latest, current.id, rating, now);
      undo = graded.undo;
      becameLeech = graded.becameLeech;
      return graded.progress;
    });
    undoStack = [...undoStack.slice(-49), undo];
    const label = grades.find((entry) => entry.rating === rating).label;
    // A computed card's answer was its check (recorded then); elsewhere the grade is the learner's own verdict.
    if (!current.computed) {
      context.recordAnswer({
        kind: 'review',
        cardId: current.id,
        question: current.question,
        checked: false,
        correct: rating >= 3,
        response: label,
        latencyMs: performance.now() - shownAt,
      });
    }
    const due = new Date(storedCard(progress, current.id).due);
    const leech = becameLeech
      ? ` This card has now lapsed ${LEECH_LAPSES} times and is tagged leech (see Stats): rewrite it in your own words, or suspend it.`
      : '';
    context.announce(
      `Graded ${label}. Next review of this card ${due.getTime() - now.getTime() < 86400000 ? `at ${due.toLocaleTimeString()}` : `on ${due.toLocaleDateString()}`}.${leech}`,
    );
    refresh({ focus: true });
  }

  /** Buries the card on screen until tomorrow, or suspends it until the learner unsuspends it (Stats). */
  function setAside(mark) {
    if (!current) return;
    const { id } = current;
    context.updateProgress((latest) => markCard(latest, id, mark, true, new Date()));
    context.announce(mark === 'buried' ? 'Card buried until tomorrow.' : 'Card suspended: it stays out of Review until you unsuspend it under Stats.');
    refresh({ focus: true });
  }

  function undo() {
    const last = undoStack.at(-1);
    if (!last) return;
    undoStack = undoStack.slice(0, -1);
    context.updateProgress((latest) => undoGrade(latest, last));
    context.announce('Last grade undone.');
    refresh({ focus: true });
  }
  undoButton.addEventListener('click', undo);

  return {
    root,
    activate: refresh,
    // Another tab graded: show the new queue, unless the learner is looking at an answer here.
    onProgressChange() {
      if (!view.flipped) refresh();
    },
    /** @param {KeyboardEvent} event @returns {boolean} handled */
    onKey(event) {
      if ((event.key === 'z' && (event.ctrlKey || event.metaKey)) || (event.key === 'u' && !event.ctrlKey && !event.metaKey)) {
        undo();
        return true;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return false;
      if (event.key === ' ' || event.key === 'Enter') {
        revealOrAnswer(view);
        return true;
      }
      if (event.key === '-') {
        setAside('buried');
        return true;
      }
      if (event.key === '@') {
        setAside('suspended');
        return true;
      }
      if (event.key === 'h' && aids) {
        aids.revealHint();
        return true;
      }
      if (event.key === 't' && aids) {
        aids.focusAnswer();
        return true;
      }
      const entry = grades.find(({ key }) => key === event.key);
      if (entry) {
        grade(entry.rating);
        return true;
      }
      return false;
    },
  };
}
