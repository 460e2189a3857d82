// Cram: browse all cards, a topic or a tag with the arrow keys. Never touches the schedule.
import { createCardView } from './card-view.js';
import { revealOrAnswer, showComputedCard } from './computed-card.js';
import { element } from './render.js';

/** Options for a scope <select>: all, each topic, each tag. Shared by the drills. */
export function scopeOptions(cards) {
  const topics = [...new Set(cards.map((card) => card.topic))].sort();
  const tags = [...new Set(cards.flatMap((card) => card.tags ?? []))].sort();
  return [
    { value: 'all', label: `All cards (${cards.length})` },
    ...topics.map((topic) => ({ value: `topic:${topic}`, label: `Topic: ${topic}` })),
    ...tags.map((tag) => ({ value: `tag:${tag}`, label: `Tag: ${tag}` })),
  ];
}

/** The cards a scope value selects. */
export function cardsInScope(cards, scope) {
  if (scope.startsWith('topic:')) return cards.filter((card) => card.topic === scope.slice(6));
  if (scope.startsWith('tag:')) return cards.filter((card) => (card.tags ?? []).includes(scope.slice(4)));
  return cards;
}

/** A labelled scope picker that keeps its options in step with the loaded decks. */
export function createScopePicker(id, onChange) {
  const select = element('select', [], { id });
  select.addEventListener('change', onChange);
  return {
    select,
    label: element('label', ['Cards: '], { attributes: { for: id } }),
    refresh(cards) {
      const chosen = select.value || 'all';
      select.replaceChildren(...scopeOptions(cards).map(({ value, label }) => element('option', [label], { attributes: { value } })));
      select.value = [...select.options].some((option) => option.value === chosen) ? chosen : 'all';
    },
  };
}

/** @param {import('./quiz-app.js').QuizContext} context */
export function createCramMode(context) {
  const view = createCardView({ idPrefix: 'cram-card' });
  const picker = createScopePicker('cram-scope', () => { index = 0; show(); });
  const position = element('span', [], { className: 'cram-position', attributes: { 'aria-live': 'polite' } });
  const previous = element('button', ['← Previous'], { className: 'secondary', attributes: { type: 'button' } });
  const next = element('button', ['Next →'], { className: 'secondary', attributes: { type: 'button' } });
  const root = element('div', [
    element('div', [picker.label, picker.select, position], { className: 'mode-bar' }),
    view.article,
    element('div', [view.flipButton, previous, next, element('span', ['Space flips · ←/→ move · no schedule change'], { className: 'hint' })], { className: 'card-controls' }),
  ]);
  let index = 0;

  function show() {
    const cards = cardsInScope(context.cards(), picker.select.value || 'all');
    if (cards.length === 0) { view.showMessage('No cards in this selection.'); return; }
    index = (index + cards.length) % cards.length;
    position.textContent = `Card ${index + 1} of ${cards.length}`;
    const card = cards[index];
    if (card.computed) showComputedCard(view, card, { getEngine: context.getEngine, announce: context.announce, recordAnswer: context.recordAnswer });
    else view.show(card);
  }
  const move = (step) => { index += step; show(); };
  previous.addEventListener('click', () => move(-1));
  next.addEventListener('click', () => move(1));

  return {
    root,
    activate() { picker.refresh(context.cards()); show(); },
    onKey(event) {
      if (event.ctrlKey || event.metaKey || event.altKey) return false;
      if (event.key === ' ' || event.key === 'Enter') { revealOrAnswer(view); return true; }
      if (event.key === 'ArrowRight') { move(1); return true; }
      if (event.key === 'ArrowLeft') { move(-1); return true; }
      return false;
    },
  };
}
