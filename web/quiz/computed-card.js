// The front of a computed card: parameters drawn per showing, a typed answer checked with the
// card's tolerance, then the right answer and a worked explanation on the back.
import { checkAnswer, prepareComputedCard } from './computed-templates.js';
import { renderAnswerTiers } from './card-view.js';
import { pageSeed, seedFromText, seededRandom } from './random.js';
import { renderMarkup } from './render.js';
import { element } from '../dom.js';

let drawings = 0; // each showing draws new parameters

/**
 * Shows a computed card in `view`, with an answer box in its front. The check is the answer's
 * truth: it goes to recordAnswer as a checked answer (a grade given afterwards only schedules).
 * @param {ReturnType<typeof import('./card-view.js').createCardView>} view
 * @param {any} card
 * @param {{ getEngine: () => Promise<any>, announce: (text: string) => void,
 *           onChecked?: (correct: boolean) => void, recordAnswer?: (answer: import('./quiz-app.js').Answer) => void, focusAnswer?: boolean }} context
 *   focusAnswer: put the focus in the answer box once it is shown (the learner is at the keyboard)
 */
export async function showComputedCard(view, card, { getEngine, announce, onChecked, recordAnswer, focusAnswer = false }) {
  view.show(card, { questionText: card.question.replace(/\{[a-zA-Z][a-zA-Z0-9]*\}/g, '…'), backNodes: [] });
  view.flipButton.disabled = true;
  const placeholder = view.showings;
  let prepared;
  try {
    prepared = prepareComputedCard(card, await getEngine(), seededRandom(seedFromText(`${card.id}:${pageSeed}:${drawings++}`)));
  } catch (error) {
    if (view.showings === placeholder) view.showMessage(`This computed card could not be prepared: ${error.message}`);
    return;
  }
  // While the engine loaded, the learner may have moved on (an undo, a grade, later decks, another tab's grade): then this card is stale.
  if (view.showings !== placeholder) return;
  view.show(card, { questionText: prepared.question, backNodes: backNodes(card, prepared) });
  view.flipButton.disabled = true; // the answer is revealed by checking
  const shownAt = performance.now();
  const inputId = `${view.article.id}-answer`;
  const input = element('input', [], { id: inputId, attributes: { type: 'text', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false' } });
  const check = element('button', ['Check'], { attributes: { type: 'button' } });
  const result = element('p', [], { className: 'computed-result', attributes: { 'aria-live': 'polite' } });
  const hint = Array.isArray(prepared.answer) ? `${prepared.answer.length} numbers, comma-separated` : 'a number';
  view.frontExtra.append(
    element('div', [element('label', [`Your answer (${hint})`], { attributes: { for: inputId } }), input, check], { className: 'computed-answer' }),
    result,
  );

  const submit = () => {
    if (check.disabled) return;
    const { correct, message, values } = checkAnswer(input.value, prepared.answer, prepared.tolerance);
    result.textContent = message;
    result.classList.add(correct ? 'correct' : 'wrong');
    announce(message);
    input.readOnly = true;
    check.disabled = true;
    view.flipButton.disabled = false;
    view.flip(true);
    recordAnswer?.({
      kind: 'computed',
      cardId: card.id,
      question: prepared.question,
      checked: true,
      correct,
      response: input.value,
      values,
      expected: prepared.answer,
      tolerance: prepared.tolerance,
      latencyMs: performance.now() - shownAt,
    });
    onChecked?.(correct);
  };
  check.addEventListener('click', submit);
  if (focusAnswer) input.focus({ preventScroll: true });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    }
    if (event.key === 'Escape') input.blur(); // hands the keys back to the quiz shortcuts
  });
}

/**
 * Space/Enter on a card: an unanswered computed card focuses its answer box (its answer is
 * revealed by checking); any other card flips.
 * @param {ReturnType<typeof import('./card-view.js').createCardView>} view
 */
export function revealOrAnswer(view) {
  const input = /** @type {HTMLInputElement | null} */ (view.frontExtra.querySelector('input:not([readonly])'));
  if (input) input.focus();
  else view.toggle();
}

function backNodes(card, prepared) {
  const answer = Array.isArray(prepared.answer) ? prepared.answer.map((value) => value.toFixed(4)).join(', ') : prepared.answer.toFixed(4);
  return [
    element('p', [element('strong', ['Answer: ']), answer], { className: 'computed-answer-value' }),
    element('div', [renderMarkup(prepared.explanation)], { className: 'computed-explanation' }),
    ...renderAnswerTiers({ ...card, basic: undefined }),
    ...(card.basic ? [element('div', [renderMarkup(card.basic)], { className: 'computed-basic' })] : []),
  ];
}
