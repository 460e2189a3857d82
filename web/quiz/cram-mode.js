// Cram: browse all cards, a topic, a tag, the cards linked to a view, or chosen cards (a lesson
// step's) with the arrow keys. Never touches the schedule. ?scope= and ?card= open it on a selection
// and a card ("Quiz me on this", "Back to the card").
import { createCardView } from './card-view.js';
import { revealOrAnswer, showComputedCard } from './computed-card.js';
import { element } from './render.js';
import { VIEW_NAMES } from '../router.js';

/** Options for a scope <select>: all, each topic, each tag, each view cards link to. Shared by the drills. */
export function scopeOptions(cards) {
  const topics = [...new Set(cards.map((card) => card.topic))].sort();
  const tags = [...new Set(cards.flatMap((card) => card.tags ?? []))].sort();
  const views = Object.keys(VIEW_NAMES).filter((view) => cards.some((card) => linksTo(card, view)));
  return [
    { value: 'all', label: `All cards (${cards.length})` },
    ...topics.map((topic) => ({ value: `topic:${topic}`, label: `Topic: ${topic}` })),
    ...tags.map((tag) => ({ value: `tag:${tag}`, label: `Tag: ${tag}` })),
    ...views.map((view) => ({ value: `live:${view}`, label: `Shown live in: ${VIEW_NAMES[view]}` })),
  ];
}

const linksTo = (card, view) => (card.live ?? []).some((link) => link.view === view);

/** The cards a scope value selects (cards:a,b in the order listed). */
export function cardsInScope(cards, scope) {
  if (scope.startsWith('topic:')) return cards.filter((card) => card.topic === scope.slice(6));
  if (scope.startsWith('tag:')) return cards.filter((card) => (card.tags ?? []).includes(scope.slice(4)));
  if (scope.startsWith('live:')) return cards.filter((card) => linksTo(card, scope.slice(5)));
  if (scope.startsWith('cards:')) {
    const byId = new Map(cards.map((card) => [card.id, card]));
    return scope.slice(6).split(',').flatMap((id) => (byId.has(id) ? [byId.get(id)] : []));
  }
  return cards;
}

/** A labelled scope picker that keeps its options in step with the loaded decks. */
export function createScopePicker(id, onChange) {
  const select = element('select', [], { id });
  select.addEventListener('change', onChange);
  return {
    select,
    label: element('label', ['Cards: '], { attributes: { for: id } }),
    /** @param {any[]} cards @param {string} [wanted]  a scope to select (from the URL), offered even when not in the list */
    refresh(cards, wanted = select.value || 'all') {
      const options = scopeOptions(cards);
      if (wanted.startsWith('cards:')) options.push({ value: wanted, label: `Chosen cards (${cardsInScope(cards, wanted).length})` });
      select.replaceChildren(...options.map(({ value, label }) => element('option', [label], { attributes: { value } })));
      select.value = options.some((option) => option.value === wanted) ? wanted : 'all';
    },
  };
}

/** @param {import('./quiz-app.js').QuizContext} context */
export function createCramMode(context) {
  const view = createCardView({ idPrefix: 'cram-card' });
  const picker = createScopePicker('cram-scope', () => { index = 0; show(); context.settingsChanged?.(true); });
  const position = element('span', [], { className: 'cram-position', attributes: { 'aria-live': 'polite' } });
  const previous = element('button', ['← Previous'], { className: 'secondary', attributes: { type: 'button' } });
  const next = element('button', ['Next →'], { className: 'secondary', attributes: { type: 'button' } });
  const root = element('div', [
    element('div', [picker.label, picker.select, position], { className: 'mode-bar' }),
    view.article,
    element('div', [view.flipButton, previous, next, element('span', ['Space flips · ←/→ move · no schedule change'], { className: 'hint' })], { className: 'card-controls' }),
  ]);
  let index = 0;
  let shownCard = null;

  function show() {
    const cards = cardsInScope(context.cards(), picker.select.value || 'all');
    if (cards.length === 0) { view.showMessage('No cards in this selection.'); shownCard = null; return; }
    index = (index + cards.length) % cards.length;
    shownCard = cards[index];
    position.textContent = `Card ${index + 1} of ${cards.length}`;
    const card = cards[index];
    if (card.computed) showComputedCard(view, card, { getEngine: context.getEngine, announce: context.announce, recordAnswer: context.recordAnswer });
    else view.show(card);
  }
  const move = (step) => { index += step; show(); context.settingsChanged?.(false); };
  previous.addEventListener('click', () => move(-1));
  next.addEventListener('click', () => move(1));

  return {
    root,
    activate() { picker.refresh(context.cards()); show(); },
    /** Opens a selection (?scope=) at a card (?card=); either may be absent. */
    open({ scope, card }) {
      const cards = context.cards();
      const wanted = scope ?? (picker.select.value || 'all');
      // The same selection without another card asked for: stay on the card on screen (decks may have been added).
      const keep = wanted === picker.select.value && shownCard && (card === undefined || card === shownCard.id) ? shownCard.id : card;
      const before = picker.select.value;
      picker.refresh(cards, wanted);
      index = Math.max(0, cardsInScope(cards, picker.select.value).findIndex((entry) => entry.id === keep));
      if (!shownCard || keep !== shownCard.id || picker.select.value !== before) show();
      else position.textContent = `Card ${index + 1} of ${cardsInScope(cards, picker.select.value).length}`;  // as it was, flipped or not
    },
    /** What the URL keeps of this mode: the selection and the card on screen. */
    settings: () => ({ scope: picker.select.value || 'all', card: shownCard?.id }),
    onKey(event) {
      if (event.ctrlKey || event.metaKey || event.altKey) return false;
      if (event.key === ' ' || event.key === 'Enter') { revealOrAnswer(view); return true; }
      if (event.key === 'ArrowRight') { move(1); return true; }
      if (event.key === 'ArrowLeft') { move(-1); return true; }
      return false;
    },
  };
}
