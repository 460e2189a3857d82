// Cram: browse all cards, a topic, a tag, the cards linked to a view, or chosen cards (a lesson
// step's) with the arrow keys. Never touches the schedule. ?scope= and ?card= open it on a selection
// and a card ("Quiz me on this", "Back to the card").
import { createCardView } from './card-view.js';
import { revealOrAnswer, showComputedCard } from './computed-card.js';
import { element } from '../dom.js';
import { cardsInScope, createScopePicker } from './scope.js';
import { stepKeys } from './step-keys.js';

/** @param {import('./quiz-app.js').QuizContext} context */
export function createCramMode(context) {
  const view = createCardView({ idPrefix: 'cram-card' });
  const picker = createScopePicker('cram-scope', () => {
    index = 0;
    show();
    context.settingsChanged?.(true);
  });
  const position = element('span', [], { className: 'cram-position', attributes: { 'aria-live': 'polite' } });
  const previous = element('button', ['← Previous'], { className: 'secondary', attributes: { type: 'button' } });
  const next = element('button', ['Next →'], { className: 'secondary', attributes: { type: 'button' } });
  const root = element('div', [
    element('div', [picker.label, picker.select, position], { className: 'mode-bar' }),
    view.article,
    element('div', [view.flipButton, previous, next, element('span', ['Space flips · ←/→ move · no schedule change'], { className: 'hint' })], {
      className: 'card-controls',
    }),
  ]);
  let index = 0;
  let shownCard = null;

  function show() {
    const cards = cardsInScope(context.cards(), picker.select.value || 'all');
    if (cards.length === 0) {
      view.showMessage('No cards in this selection.');
      shownCard = null;
      return;
    }
    index = (index + cards.length) % cards.length;
    shownCard = cards[index];
    position.textContent = `Card ${index + 1} of ${cards.length}`;
    const card = cards[index];
    if (card.computed) showComputedCard(view, card, { getEngine: context.getEngine, announce: context.announce, recordAnswer: context.recordAnswer });
    else view.show(card);
  }
  const move = (step) => {
    index += step;
    show();
    context.settingsChanged?.(false);
  };
  previous.addEventListener('click', () => move(-1));
  next.addEventListener('click', () => move(1));

  return {
    root,
    activate() {
      picker.refresh(context.cards());
      show();
    },
    /** Opens a selection (?scope=) at a card (?card=); either may be absent. */
    open({ scope, card }) {
      const cards = context.cards();
      const wanted = scope ?? (picker.select.value || 'all');
      // The same selection without another card asked for: stay on the card on screen (decks may have been added).
      const keep = wanted === picker.select.value && shownCard && (card === undefined || card === shownCard.id) ? shownCard.id : card;
      const before = picker.select.value;
      picker.refresh(cards, wanted);
      index = Math.max(
        0,
        cardsInScope(cards, picker.select.value).findIndex((entry) => entry.id === keep),
      );
      if (!shownCard || keep !== shownCard.id || picker.select.value !== before) show();
      else position.textContent = `Card ${index + 1} of ${cardsInScope(cards, picker.select.value).length}`; // as it was, flipped or not
    },
    /** What the URL keeps of this mode: the selection and the card on screen. */
    settings: () => ({ scope: picker.select.value || 'all', card: shownCard?.id }),
    onKey: stepKeys(() => revealOrAnswer(view), move),
  };
}
