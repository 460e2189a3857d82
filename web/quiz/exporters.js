// Files the learner takes away: progress JSON and a plain-text deck for Anki.
import { plainText } from './markup.js';

/**
 * Anki's text import: one note a line, tab-separated Front, Back, Tags, with the header lines
 * Anki reads (`#separator:tab`, `#html:false`). Fields holding a quote are quoted CSV-style.
 * @param {any[]} cards
 */
export function ankiExport(cards) {
  const field = (text) => {
    const flat = text.replace(/[\t\r\n]+/g, ' ').replace(/\s{2,}/g, ' ').trim();
    return flat.includes('"') ? `"${flat.replace(/"/g, '""')}"` : flat;
  };
  const back = (card) => {
    const parts = [];
    if (card.basic) parts.push(plainText(card.basic));
    if (card.keyPoints) parts.push(`Key points: ${card.keyPoints.map(plainText).join('; ')}`);
    if (card.redFlags) parts.push(`Red flags: ${card.redFlags.map(plainText).join('; ')}`);
    return parts.join(' | ') || 'Computed card: answer it in posenc.';
  };
  const lines = cards.map((card) => [
    field(plainText(card.question)), field(back(card)), [...(card.tags ?? []), card.deckId].filter(Boolean).join(' '),
  ].join('\t'));
  return ['#separator:tab', '#html:false', '#columns:Front\tBack\tTags', '#tags column:3', ...lines].join('\n') + '\n';
}

/** Offers text as a file download (a same-origin blob: URL; no request leaves the page). */
export function downloadText(filename, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
