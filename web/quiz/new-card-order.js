// The order in which unseen cards are introduced. ts-fsrs schedules a card once it is seen and
// leaves new-card order to the app; Anki gathers new cards by deck or at random. Deck order would
// give a first day of one deck (the seed question, then nine computed cards in a row), so new
// cards are interleaved instead, deterministically (the same order on every visit): decks take
// turns, within a deck its topics take turns, and conceptual cards come first with a computed
// card after every few of them.

/** Conceptual cards introduced before each computed one, while both kinds remain. */
export const CONCEPTUAL_PER_COMPUTED = 3;

/**
 * Items taken in turn from each group (groups in order of first appearance), each group keeping
 * its own order: [a1, a2, b1, c1, c2] by letter gives a1, b1, c1, a2, c2.
 * @template T
 * @param {T[]} items
 * @param {(item: T) => unknown} groupOf
 * @returns {T[]}
 */
export function roundRobin(items, groupOf) {
  const groups = new Map();
  for (const item of items) {
    const key = groupOf(item);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(item);
  }
  const queues = [...groups.values()];
  const out = [];
  for (let round = 0; out.length < items.length; round++) {
    for (const queue of queues) if (round < queue.length) out.push(queue[round]);
  }
  return out;
}

/** Decks in turn, and within each deck its topics in turn. */
const spread = (cards) =>
  roundRobin(
    [...new Map(cards.map((card) => [card.deckId, null])).keys()].flatMap((deckId) =>
      roundRobin(
        cards.filter((card) => card.deckId === deckId),
        (card) => card.topic,
      ),
    ),
    (card) => card.deckId,
  );

/**
 * Every card in the order it would be introduced when new: conceptual cards spread over decks and
 * topics, with one computed card after every CONCEPTUAL_PER_COMPUTED conceptual ones.
 * @template {{ deckId?: string, topic?: string, computed?: unknown }} T
 * @param {T[]} cards  in deck order
 * @returns {T[]}
 */
export function newCardOrder(cards) {
  const conceptual = spread(cards.filter((card) => !card.computed));
  const computed = spread(cards.filter((card) => card.computed));
  const out = [];
  while (conceptual.length > 0 || computed.length > 0) {
    out.push(...conceptual.splice(0, CONCEPTUAL_PER_COMPUTED));
    out.push(...computed.splice(0, 1));
  }
  return out;
}
