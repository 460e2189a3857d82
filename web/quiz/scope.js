// A mode's selection of cards (its scope): all of them, a topic, a tag, the cards linked to a view,
// or chosen cards (a lesson step's), and the <select> that picks one. Cram, the drills and the mock
// interview share them; ?scope= names one in the URL.
import { element } from '../dom.js';
import { VIEW_NAMES } from '../router.js';

/** Options for a scope <select>: all, each topic, each tag, each view cards link to. */
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
    return scope
      .slice(6)
      .split(',')
      .flatMap((id) => (byId.has(id) ? [byId.get(id)] : []));
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
