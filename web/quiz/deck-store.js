// Decks the learner loaded from a file, kept in localStorage until they remove them. The deck's
// text is stored exactly as loaded and validated again on every read (deck-loader's addText), so a
// deck that a newer page refuses is reported, not trusted; a record that cannot be read is kept
// and listed until removed. Reading never throws: a broken store never stops the quiz starting.

const DECKS_KEY = 'posenc.quiz.decks';

/** @typedef {{ id: string, source: string, text: string, savedAt: string }} StoredDeck */

const isRecord = (entry) =>
  typeof entry === 'object'
  && entry !== null
  && !Array.isArray(entry)
  && ['id', 'source', 'text', 'savedAt'].every((field) => typeof entry[field] === 'string');

/**
 * The stored decks in the order they were loaded, and the text of anything that is not a deck
 * record (kept; the learner may remove it).
 * @param {Storage} storage
 * @returns {{ decks: StoredDeck[], unreadable: string | null }}
 */
export function readStoredDecks(storage) {
  let text;
  try {
    text = storage.getItem(DECKS_KEY);
  } catch {
    return { decks: [], unreadable: null };
  }
  if (text === null) return { decks: [], unreadable: null };
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed)) return { decks: [], unreadable: text };
  const decks = parsed.filter(isRecord).map(({ id, source, text: deckText, savedAt }) => ({ id, source, text: deckText, savedAt }));
  return { decks, unreadable: decks.length === parsed.length ? null : text };
}

/** Writes the list; a record that could not be read is dropped only by an explicit removal. */
function writeStoredDecks(storage, decks) {
  if (decks.length === 0) storage.removeItem(DECKS_KEY);
  else storage.setItem(DECKS_KEY, JSON.stringify(decks));
}

/**
 * Keeps a deck (replacing one stored with the same id). Throws what storage throws (full).
 * @param {Storage} storage @param {StoredDeck} deck
 */
export function storeDeck(storage, deck) {
  const { decks, unreadable } = readStoredDecks(storage);
  if (unreadable !== null) throw new Error('the decks kept in this browser could not be read; remove them under "Decks & progress" first');
  writeStoredDecks(storage, [...decks.filter((kept) => kept.id !== deck.id), deck]);
}

/** Removes the stored deck `id`, or, with id null, every stored deck including unreadable records. */
export function removeStoredDeck(storage, id) {
  if (id === null) {
    storage.removeItem(DECKS_KEY);
    return;
  }
  writeStoredDecks(
    storage,
    readStoredDecks(storage).decks.filter((deck) => deck.id !== id),
  );
}
