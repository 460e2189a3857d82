// An Anki package (.apkg) of the decks: a zip holding collection.anki2, an SQLite database in
// Anki's collection format (schema 11, which every Anki since 2.1 imports), and an empty media
// list. One note type keeps posenc's tiers as fields; each posenc deck becomes an Anki deck under
// "posenc::"; a computed card is exported as the instance drawn for this export. Guids and the ids of
// the note type and decks stay the same from one export to the next, so Anki updates what it has.
// tests/js/anki-rules.mjs holds the package to Anki's rules, read from Anki's source. The database and
// the zip come from the caller (sql.js and fflate: anki-package.js in the page, the npm packages in tests).
import { formatAnswer } from './computed-templates.js';
import { plainText } from './markup.js';
import { seedFromText } from './random.js';

/** The note type's fields, in order (noteFields fills them). */
export const NOTE_FIELDS = Object.freeze(['Question', 'Hints', 'Key points', 'Basic answer', 'Solid answer', 'Code', 'Red flags', 'Sources', 'posenc id']);
export const NOTE_TYPE_NAME = 'posenc tiered card';
export const DECK_PREFIX = 'posenc::';

const SCHEMA = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null, ver integer not null,
  dty integer not null, usn integer not null, ls integer not null, conf text not null, models text not null, decks text not null,
  dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null, usn integer not null,
  tags text not null, flds text not null, sfld integer not null, csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null, mod integer not null,
  usn integer not null, type integer not null, queue integer not null, due integer not null, ivl integer not null, factor integer not null,
  reps integer not null, lapses integer not null, left integer not null, odue integer not null, odid integer not null,
  flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null, ivl integer not null,
  lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);`;

/** ASCII control characters: Anki strips them from fields, deck names and tags (tab and line feed stay in fields). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this strips
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/g;

/** Text as HTML, as Anki stores a field: NFC, markup characters escaped, line breaks as <br>, no control characters. */
const escape = (text) =>
  text
    .normalize('NFC')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r\n?|\n/g, '<br>')
    .replace(CONTROL, '');

/**
 * Text as one part of an Anki deck or tag name ("::" separates the parts) in the form Anki keeps:
 * NFC, no control characters, no "::" inside, no space or colon at either end; '' when nothing is left.
 */
const namePart = (text) =>
  text
    .normalize('NFC')
    .replace(CONTROL, '')
    .replace(/:{2,}/g, ':')
    .replace(/^[\s:]+|[\s:]+$/g, '');
/** A posenc tag as an Anki tag: parts joined by "::", none empty, spaces as "_" (Anki splits tags on spaces). */
const tagName = (tag) =>
  tag
    .split('::')
    .map((part) => namePart(part).replace(/[\s\u3000]+/g, '_'))
    .filter(Boolean)
    .join('::');
const paragraphs = (text) =>
  text
    ? plainText(text)
        .split(/\n{2,}/)
        .map((part) => `<p>${escape(part)}</p>`)
        .join('')
    : '';
const list = (items, tag = 'ul') => (items?.length ? `<${tag}>${items.map((item) => `<li>${escape(plainText(item))}</li>`).join('')}</${tag}>` : '');

/**
 * The note fields of one card (HTML, in NOTE_FIELDS order); null for a computed card with no drawn instance.
 * @param {any} card
 * @param {{ question: string, answer: number | number[], explanation: string, tolerance: number } | undefined} instance
 */
function noteFields(card, instance) {
  const code = card.code ? `<pre><code>${escape(card.code.source)}</code></pre>` : '';
  const shared = [list(card.hints, 'ol'), code, list(card.redFlags), list(card.sources), escape(card.id)];
  if (card.computed) {
    if (!instance) return null;
    return [
      escape(plainText(instance.question)),
      shared[0],
      `<ul><li>Answer: ${escape(formatAnswer(instance.answer))} (within ±${instance.tolerance})</li></ul>`,
      paragraphs(instance.explanation),
      `${paragraphs(card.basic ?? '')}<p>These numbers were drawn for this export; posenc draws new ones at each showing.</p>`,
      ...shared.slice(1),
    ];
  }
  return [escape(plainText(card.question)), shared[0], list(card.keyPoints), paragraphs(card.basic), paragraphs(card.solid), ...shared.slice(1)];
}

const section = (field, heading) =>
  `{{#${field}}}<section class="${field.toLowerCase().replace(/\s+/g, '-')}"><h3>${heading}</h3>{{${field}}}</section>{{/${field}}}`;
const TEMPLATE = {
  qfmt: '<div class="question">{{Question}}</div>{{#Hints}}<details><summary>Hints</summary>{{Hints}}</details>{{/Hints}}',
  afmt: [
    '{{FrontSide}}<hr id="answer">',
    section('Key points', 'Key points'),
    section('Basic answer', 'Basic answer (~20 s)'),
    section('Solid answer', 'Solid answer (~60 s)'),
    section('Code', 'Code'),
    section('Red flags', 'Red flags: claims that cost you the question'),
    section('Sources', 'Sources'),
  ].join('\n'),
};
const CSS =
  '.card { font-family: system-ui, sans-serif; font-size: 18px; text-align: left; max-width: 40em; margin: 0 auto; }\n'
  + '.question { font-size: 1.2em; font-weight: 600; } pre { white-space: pre-wrap; } h3 { font-size: 1em; margin-bottom: 0.2em; }';

/** A positive id from text, stable across exports (Anki ids are 64-bit integers; these stay below 2^53). */
const stableId = (text, base) => base + (seedFromText(text) % 1_000_000_000);

/** A field's text without its HTML, as Anki sorts and checksums it. */
const fieldText = (field) =>
  field
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** Anki's note checksum: the first 8 hex digits of the SHA-1 of the sort field's text, as an integer. */
async function checksum(text) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text)));
  return ((digest[0] << 24) >>> 0) + (digest[1] << 16) + (digest[2] << 8) + digest[3];
}

/**
 * Builds the package.
 * @param {{ decks: { id: string, title: string, description?: string }[], cards: any[], drawn: Map<string, any>,
 *   SQL: any, zipSync: (files: Record<string, Uint8Array>, options?: any) => Uint8Array, now?: Date }} input
 *   cards: each with deckId; SQL: an initialised sql.js; zipSync: fflate's
 * @returns {Promise<{ bytes: Uint8Array, notes: number, skipped: number }>}
 */
export async function buildApkg({ decks, cards, drawn, SQL, zipSync, now = new Date() }) {
  const seconds = Math.floor(now.getTime() / 1000);
  const modelId = stableId(NOTE_TYPE_NAME, 1_500_000_000_000);
  const deckIds = new Map(decks.map((deck) => [deck.id, stableId(`deck:${deck.id}`, 1_600_000_000_000)]));
  const model = {
    id: modelId,
    name: NOTE_TYPE_NAME,
    type: 0,
    mod: seconds,
    usn: -1,
    sortf: 0,
    did: deckIds.values().next().value ?? 1,
    tmpls: [{ name: 'Card 1', ord: 0, ...TEMPLATE, did: null, bqfmt: '', bafmt: '' }],
    flds: NOTE_FIELDS.map((name, ord) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20, media: [] })),
    css: CSS,
    latexPre: '',
    latexPost: '',
    latexsvg: false,
    req: [[0, 'any', [0]]],
    tags: [],
    vers: [],
  };
  const deckRecord = (id, name, desc) => ({
    id,
    name,
    desc,
    mod: seconds,
    usn: -1,
    collapsed: false,
    browserCollapsed: false,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
    dyn: 0,
    conf: 1,
    extendNew: 10,
    extendRev: 50,
  });
  // Anki's own exports hold every parent deck, so the "posenc" deck that holds the others is here too.
  const rootId = stableId('deck-root', 1_600_000_000_000);
  const ankiDecks = { 1: deckRecord(1, 'Default', ''), [rootId]: deckRecord(rootId, DECK_PREFIX.slice(0, -2), '') };
  for (const deck of decks)
    ankiDecks[deckIds.get(deck.id)] = deckRecord(deckIds.get(deck.id), `${DECK_PREFIX}${namePart(deck.title) || deck.id}`, escape(deck.description ?? ''));
  const deckOptions = {
    1: {
      id: 1,
      name: 'Default',
      mod: 0,
      usn: 0,
      maxTaken: 60,
      autoplay: true,
      timer: 0,
      replayq: true,
      dyn: false,
      new: { delays: [1, 10], ints: [1, 4, 7], initialFactor: 2500, order: 1, perDay: 20, bury: false },
      rev: { perDay: 200, ease4: 1.3, ivlFct: 1, maxIvl: 36500, bury: false, hardFactor: 1.2 },
      lapse: { delays: [10], mult: 0, minInt: 1, leechFails: 8, leechAction: 1 },
    },
  };
  const conf = {
    nextPos: 1,
    estTimes: true,
    activeDecks: [1],
    sortType: 'noteFld',
    timeLim: 0,
    sortBackwards: false,
    addToCur: true,
    curDeck: 1,
    newBury: true,
    newSpread: 0,
    dueCounts: true,
    curModel: modelId,
    collapseTime: 1200,
  };

  const db = new SQL.Database();
  try {
    db.run(SCHEMA);
    db.run('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)', [
      seconds,
      now.getTime(),
      now.getTime(),
      JSON.stringify(conf),
      JSON.stringify({ [modelId]: model }),
      JSON.stringify(ankiDecks),
      JSON.stringify(deckOptions),
      '{}',
    ]);
    let position = 0;
    let skipped = 0;
    for (const card of cards) {
      const fields = noteFields(card, drawn.get(card.id));
      if (!fields || !deckIds.has(card.deckId)) {
        skipped++;
        continue;
      }
      position++;
      // Anki's ids are creation times in milliseconds; one later than a day from now is renumbered on import.
      const noteId = now.getTime() + position;
      const tags = [...new Set([...(card.tags ?? []), card.deckId].map(tagName).filter(Boolean))];
      db.run("INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')", [
        noteId,
        `posenc:${card.id}`,
        modelId,
        seconds,
        ` ${tags.join(' ')} `,
        fields.join('\x1f'),
        fieldText(fields[0]),
        await checksum(fieldText(fields[0])),
      ]);
      db.run("INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')", [
        noteId,
        noteId,
        deckIds.get(card.deckId),
        seconds,
        position,
      ]);
    }
    const bytes = zipSync({ 'collection.anki2': db.export(), media: new TextEncoder().encode('{}') });
    return { bytes, notes: position, skipped };
  } finally {
    db.close();
  }
}
