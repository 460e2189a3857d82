// Loading and checking decks. Deck text is only ever placed with textContent.

const requiredCardFields = ['id', 'question', 'keyPoints'];

/**
 * Throws an Error naming the deck, the card and the field when a deck is malformed.
 * @param {unknown} deck
 * @param {string} source  where the deck came from, for messages
 */
export function validateDeck(deck, source) {
  const fail = (what) => { throw new Error(`Deck ${source}: ${what}`); };
  if (typeof deck !== 'object' || deck === null) fail('is not a JSON object');
  for (const field of ['id', 'title', 'cards']) if (!(field in deck)) fail(`is missing "${field}"`);
  if (!Array.isArray(deck.cards) || deck.cards.length === 0) fail('"cards" must be a non-empty array');
  deck.cards.forEach((card, index) => {
    const where = `card ${index} (${card?.id ?? 'no id'})`;
    for (const field of requiredCardFields) if (!(field in card)) fail(`${where} is missing "${field}"`);
    if (typeof card.question !== 'string' || card.question.trim() === '') fail(`${where}: "question" must be text`);
    if (!Array.isArray(card.keyPoints) || !card.keyPoints.every((p) => typeof p === 'string'))
      fail(`${where}: "keyPoints" must be a list of text`);
  });
  return deck;
}

/** Fetches decks/<name>.json beside the page and validates it. */
export async function loadDeck(name) {
  const url = new URL(`decks/${name}.json`, document.baseURI);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Deck ${url.pathname}: HTTP ${response.status}`);
  return validateDeck(await response.json(), url.pathname);
}
