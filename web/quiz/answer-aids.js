// What Review adds to the front of a tiered card: the card's hints, revealed one at a time, and a
// box to type an answer before flipping. On the flip the key points the typed answer covers are
// marked beside each key point and a grade is suggested (the learner may grade otherwise).
import { matchKeyPoints, suggestGrade } from './answer-matcher.js';
import { grades } from './scheduler.js';
import { renderInline } from './render.js';
import { element } from '../dom.js';
import { showFromTop, showWhole } from '../visible-area.js';

/**
 * @param {ReturnType<typeof import('./card-view.js').createCardView>} view  showing `card`'s front
 * @param {any} card
 * @param {{ announce: (text: string) => void, onFlipRequest: () => void }} options
 *   onFlipRequest: Enter in the answer box (the card flips and the answer is judged)
 */
export function addAnswerAids(view, card, { announce, onFlipRequest }) {
  const prefix = view.article.id;
  const hints = card.hints ?? [];
  let shown = 0;
  const hintList = element('ol', [], { className: 'hint-list', id: `${prefix}-hints` });
  const hintButton = element('button', [], {
    className: 'secondary',
    id: `${prefix}-hint`,
    attributes: { type: 'button', 'aria-keyshortcuts': 'h', 'aria-controls': `${prefix}-hints` },
  });
  const hintLabel = () => {
    hintButton.textContent = `Show a hint (h) · ${shown} of ${hints.length}`;
    hintButton.disabled = shown === hints.length;
  };
  hintButton.addEventListener('click', () => revealHint());
  hintLabel();

  const inputId = `${prefix}-typed`;
  const input = element('textarea', [], {
    id: inputId,
    className: 'typed-answer',
    // enterkeyhint: a phone keyboard labels its Enter key for what it does here (show the answer).
    attributes: { rows: '3', autocomplete: 'off', spellcheck: 'true', enterkeyhint: 'done', 'aria-describedby': `${inputId}-help` },
  });
  const box = element('div', [], { className: 'typed-answer-box' });
  // While the learner types, an on-screen keyboard opening (or a phone turning) shrinks the visible
  // area: keep the box, with its help line, above the keyboard.
  const keepBoxInView = () => {
    if (document.activeElement === input) showWhole(box);
  };
  input.addEventListener('focus', () => window.visualViewport?.addEventListener('resize', keepBoxInView));
  input.addEventListener('blur', () => window.visualViewport?.removeEventListener('resize', keepBoxInView));
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      onFlipRequest();
    }
    if (event.key === 'Escape') input.blur(); // hands the keys back to the quiz shortcuts
  });
  view.frontExtra.append(...(hints.length ? [element('div', [hintList, hintButton], { className: 'card-hints' })] : []), box);
  box.append(
    element('label', ['Your answer (optional)'], { attributes: { for: inputId } }),
    input,
    element('p', ['t types · Enter shows the answer and marks the key points you covered · Shift+Enter a new line · Esc leaves the box'], {
      className: 'hint',
      id: `${inputId}-help`,
    }),
  );

  function revealHint() {
    if (shown >= hints.length || view.flipped) return false;
    hintList.append(element('li', [renderInline(hints[shown])]));
    shown++;
    hintLabel();
    announce(`Hint ${shown} of ${hints.length}: ${hintList.lastElementChild.textContent}`);
    return true;
  }

  /**
   * On the flip: marks the key points the typed answer covers, says the suggested grade.
   * @returns {number | null}  the suggested rating, or null when nothing was typed and no hint used
   */
  function judge() {
    input.readOnly = true;
    hintButton.disabled = true;
    const typed = input.value.trim();
    const keyList = view.back.querySelector('.tier-key-points ul');
    if (!typed && shown === 0) return null;
    const points = card.keyPoints ?? [];
    const { covered, count } = typed ? matchKeyPoints(typed, points, card.keyPointTerms) : { covered: points.map(() => false), count: 0 };
    const tally = { covered: typed ? count : points.length, total: points.length };
    const rating = suggestGrade({ ...tally, hintsUsed: shown });
    const uncapped = suggestGrade({ ...tally, hintsUsed: 0 });
    const labelOf = (value) => grades.find((entry) => entry.rating === value).label;
    const label = labelOf(rating);
    if (typed && keyList) {
      [...keyList.children].forEach((item, index) => {
        item.classList.add(covered[index] ? 'covered' : 'missed');
        item.append(' ', element('span', [covered[index] ? '✓ in your answer' : '✗ not found in your answer'], { className: 'coverage' }));
      });
    }
    const hints = `You used ${shown} hint${shown === 1 ? '' : 's'}`;
    const hintNote = !shown ? '' : uncapped > rating ? ` ${hints}: a hint caps the suggestion at ${label} (${labelOf(uncapped)} without).` : ` ${hints}.`;
    // Nothing typed: only the hints speak, and they cap the grade.
    const text = typed
      ? `Your answer covers ${count} of ${points.length} key points. Suggested grade: ${label}.${hintNote}`
      : `${hints}: at most ${label} is suggested.`;
    const summary = element('p', [text], { className: 'coverage-summary', id: `${prefix}-coverage` });
    (keyList?.parentElement ?? view.back).prepend(summary);
    // The verdict and the key points under it come into view (on a phone they open below the fold).
    showFromTop(summary);
    announce(text);
    return rating;
  }

  return {
    revealHint,
    judge,
    focusAnswer: () => {
      if (!view.flipped) input.focus();
    },
    get hintsUsed() {
      return shown;
    },
  };
}
