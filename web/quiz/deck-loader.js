// Loads decks: the shipped ones listed in decks/index.json, one from a URL (deep link) or a local
// file. A deck with errors is reported and left out; the others keep working.
import { limits, validateDeck } from './deck-schema.js';

/**
 * @typedef {import('./deck-schema.js').DeckError} DeckError
 * @typedef {{ id: string, title: string, version: number, cards: any[], source: string }} Deck
 */

/** Holds every deck loaded so far and the errors of those that were refused. */
export function createDeckLibrary() {
  /** @type {Deck[]} */
  const decks = [];
  /** @type {{ source: string, errors: string[] }[]} */
  const failures = [];
  /** @type {Map<string, string>} card id -> deck id */
  const knownIds = new Map();

  return {
    decks,
    failures,
    /** Every card of every accepted deck, in deck order, each with its deck id. */
    get cards() {
      return decks.flatMap((deck) => deck.cards.map((card) => ({ ...card, deckId: deck.id })));
    },

    /**
     * Parses, validates and (when valid) adds a deck.
     * @param {string} text  the deck file's contents
     * @param {string} source  where it came from, for messages
     * @returns {{ deck: Deck | null, errors: string[] }}
     */
    addText(text, source) {
      const byteLength = new TextEncoder().encode(text).length;
      let parsed;
      let errors;
      if (byteLength > limits.maxDeckBytes) {
        errors = validateDeck(null, { source, byteLength }).map((error) => error.text);
      } else {
        try {
          parsed = JSON.parse(text);
          errors = validateDeck(parsed, { source, byteLength, knownIds }).map((error) => error.text);
        } catch (error) {
          errors = [`Deck ${source}: is not valid JSON (${error.message})`];
        }
      }
      if (!errors.length && decks.some((deck) => deck.id === parsed.id)) errors = [`Deck "${parsed.id}" (${source}): a deck with this id is already loaded`];
      if (errors.length) {
        failures.push({ source, errors });
        return { deck: null, errors };
      }
      const deck = { ...parsed, source };
      for (const card of deck.cards) knownIds.set(card.id, deck.id);
      decks.push(deck);
      return { deck, errors: [] };
    },

    /** Records a deck that could not even be fetched. */
    addFailure(source, message) {
      failures.push({ source, errors: [message] });
    },

    /** Takes a deck out (the learner removed it), and any failure recorded for `source`. */
    remove(deckId, source) {
      const index = decks.findIndex((deck) => deck.id === deckId);
      if (index >= 0) {
        for (const card of decks[index].cards) knownIds.delete(card.id);
        decks.splice(index, 1);
      }
      for (let i = failures.length - 1; i >= 0; i--) if (failures[i].source === source) failures.splice(i, 1);
    },
  };
}

/**
 * Fetches a deck file; HTTP errors and network errors become one readable message.
 * @param {string | URL} url
 * @returns {Promise<string>}
 */
export async function fetchText(url) {
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`Deck ${url}: could not be fetched (${error.message}); a deck must come from this site or allow CORS`);
  }
  if (!response.ok) throw new Error(`Deck ${url}: HTTP ${response.status}`);
  return response.text();
}

/**
 * Fetches decks by id, each settled (a failed fetch is a rejected entry, not a thrown error).
 * @param {string[]} ids
 * @param {string | URL} baseUrl
 * @param {(file: string) => string | undefined} [embedded]  a deck file's text when the page already holds it
 */
const fetchDecks = (ids, baseUrl, embedded = () => undefined) =>
  Promise.allSettled(
    ids.map((id) => {
      const file = `decks/${id}.json`;
      return embedded(file) ?? fetchText(new URL(file, baseUrl));
    }),
  );

/**
 * Starts fetching decks/index.json ({ "decks": ["core", ...] }) and then the first deck it lists,
 * so a page can have them on the way while it builds its controls (see loadShippedDecks).
 * @param {string | URL} baseUrl  the page's URL
 * @param {{ embedded?: (file: string) => string | undefined }} [options]  embedded: the text of
 *   'decks/index.json' or 'decks/<id>.json' when the page holds it (the built index.html does), else undefined
 * @returns {Promise<{ ids: string[], first: PromiseSettledResult<string>[] }>}
 */
export function startShippedDecks(baseUrl, { embedded = () => undefined } = {}) {
  const indexText = embedded('decks/index.json');
  const started = (indexText !== undefined ? Promise.resolve(indexText) : fetchText(new URL('decks/index.json', baseUrl))).then(async (text) => {
    const index = JSON.parse(text);
    if (!Array.isArray(index?.decks) || !index.decks.every((id) => typeof id === 'string' && /^[a-z0-9-]+$/.test(id)))
      throw new Error('decks/index.json: "decks" must be a list of deck ids such as ["core"]');
    return { ids: index.decks, first: await fetchDecks(index.decks.slice(0, 1), baseUrl, embedded) };
  });
  started.catch(() => {}); // the error reaches whoever awaits it (loadShippedDecks), not the console as unhandled
  return started;
}

/**
 * Loads every deck listed in decks/index.json into the library.
 * The first deck is fetched alone and `onFirstDeck` runs once it is added, so the first card can
 * be shown before the larger decks arrive; the rest are then fetched in parallel and added in
 * the listed order (ids stay unique and the first deck's first card still comes first).
 * @param {ReturnType<typeof createDeckLibrary>} library
 * @param {string | URL} baseUrl  the page's URL
 * @param {() => void} [onFirstDeck]
 * @param {ReturnType<typeof startShippedDecks>} [started]  from startShippedDecks(baseUrl), if called earlier
 */
export async function loadShippedDecks(library, baseUrl, onFirstDeck = () => {}, started = startShippedDecks(baseUrl)) {
  const add = (ids, texts) =>
    texts.forEach((result, position) => {
      const source = `decks/${ids[position]}.json`;
      if (result.status === 'fulfilled') library.addText(result.value, source);
      else library.addFailure(source, result.reason.message);
    });
  const { ids, first } = await started;
  add(ids.slice(0, 1), first);
  onFirstDeck();
  add(ids.slice(1), await fetchDecks(ids.slice(1), baseUrl));
}
