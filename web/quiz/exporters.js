// Files the learner takes away: progress JSON and the decks for Anki.
import { formatAnswer, prepareComputedCard } from './computed-templates.js';
import { plainText } from './markup.js';
import { seedFromText, seededRandom } from './random.js';

/**
 * One drawn instance of each computed card (its parameters, question and answer), reproducible
 * from the card id and `seed`: a computed card has no fixed answer to export otherwise.
 * @param {any[]} cards
 * @param {any} engine  the loaded posenc module
 * @param {number} seed
 * @returns {Map<string, { question: string, answer: number | number[], explanation: string, tolerance: number }>}
 */
export function drawComputedCards(cards, engine, seed) {
  return new Map(
    cards.filter((card) => card.computed).map((card) => [card.id, prepareComputedCard(card, engine, seededRandom(seedFromText(`${card.id}:${seed}`)))]),
  );
}

/** Text as an HTML field: the markup characters escaped, each line break a <br>. */
const html = (text) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, ' ')
    .replace(/\r\n?|\n/g, '<br>');

/**
 * A field a spreadsheet will not evaluate: one starting with =, +, -, @ gets a leading apostrophe,
 * as OWASP advises for CSV, also after leading white space (a tab or carriage return there is a
 * trigger too, and importers may trim spaces).
 */
const inert = (field) => (/^\s*[=+\-@]/.test(field) ? `'${field}` : field);

const bullets = (items) => items.map((item) => `• ${plainText(item)}`).join('\n');

/**
 * Anki's text import: one note a line, tab-separated Front, Back, Tags, with the header lines Anki
 * reads. Fields are HTML (`#html:true`) so line breaks survive: the text is escaped, so deck text
 * never becomes markup. Formulas are readable text (θ_i, 10000^(2i/d)), not TeX. A computed card is
 * exported with the instance drawn for it in `drawn` (left out when it has none).
 * @param {any[]} cards
 * @param {Map<string, { question: string, answer: number | number[], explanation: string, tolerance: number }>} [drawn]
 */
export function ankiExport(cards, drawn = new Map()) {
  const notes = cards.flatMap((card) => {
    let front, back;
    if (card.computed) {
      const instance = drawn.get(card.id);
      if (!instance) return [];
      front = plainText(instance.question);
      back = [
        `Answer: ${formatAnswer(instance.answer)} (within ±${instance.tolerance})`,
        plainText(instance.explanation),
        'These numbers were drawn for this export; posenc draws new ones at each showing.',
      ].join('\n\n');
    } else {
      front = plainText(card.question);
      back = [
        card.basic && plainText(card.basic),
        card.keyPoints && `Key points:\n${bullets(card.keyPoints)}`,
        card.redFlags && `Red flags (claims that cost you the question):\n${bullets(card.redFlags)}`,
      ]
        .filter(Boolean)
        .join('\n\n');
    }
    // Anki splits tags on spaces; each tag once (a card's tag may equal its deck's id).
    const tags = [...new Set([...(card.tags ?? []), card.deckId].filter(Boolean).map((tag) => tag.trim().replace(/\s+/g, '_')))];
    return [[inert(html(front)), inert(html(back)), inert(tags.join(' '))].join('\t')];
  });
  return `${['#separator:tab', '#html:true', '#columns:Front\tBack\tTags', '#tags column:3', ...notes].join('\n')}\n`;
}
