// Anki's own definition of an .apkg package in collection schema 11, as its importer reads one,
// written down as checks. Each rule names where it comes from in Anki's source (github.com/ankitects/anki,
// rslib/src, read at commit c32cb29 of 2026-08-22):
//   storage/schema11.sql               the tables, columns and indexes
//   notetype/schema11.rs               the keys of col.models, their fields and templates
//   decks/schema11.rs, decks/name.rs   the keys of col.decks; how a deck name is kept
//   deckconfig/schema11.rs             the keys of col.dconf
//   notes/mod.rs, text.rs              sfld and csum (prepare_for_update, field_checksum,
//                                      strip_html_preserving_media_filenames), fields (normalize_field)
//   tags/register.rs                   how a tag is kept
//   dbcheck.rs (maybe_fix_invalid_ids, run by the apkg importer)   ids no later than a day from now
//   import_export/package/apkg/import/notes.rs   notes matched by guid, updated when mod is newer
// ankiRuleBreaks returns every rule a package breaks, as sentences; [] for a package Anki takes as it is.
import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';

/** storage/schema11.sql: each table's columns in order, with their declared types; every column NOT NULL. */
export const SCHEMA_11_TABLES = Object.freeze({
  col: 'id integer, crt integer, mod integer, scm integer, ver integer, dty integer, usn integer, ls integer, conf text, models text, decks text, dconf text, tags text',
  notes: 'id integer, guid text, mid integer, mod integer, usn integer, tags text, flds text, sfld integer, csum integer, flags integer, data text',
  cards:
    'id integer, nid integer, did integer, ord integer, mod integer, usn integer, type integer, queue integer, due integer, ivl integer, factor integer, reps integer, lapses integer, left integer, odue integer, odid integer, flags integer, data text',
  revlog: 'id integer, cid integer, usn integer, ease integer, ivl integer, lastIvl integer, factor integer, time integer, type integer',
  graves: 'usn integer, oid integer, type integer',
});
/** storage/schema11.sql: the indexes, name -> table(columns). */
export const SCHEMA_11_INDEXES = Object.freeze({
  ix_notes_usn: 'notes(usn)',
  ix_cards_usn: 'cards(usn)',
  ix_revlog_usn: 'revlog(usn)',
  ix_cards_nid: 'cards(nid)',
  ix_cards_sched: 'cards(did, queue, due)',
  ix_revlog_cid: 'revlog(cid)',
  ix_notes_csum: 'notes(csum)',
});

const DAY_MS = 86_400_000;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rule looks for
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/; // notes/mod.rs invalid_char_for_field: ASCII control but \t and \n

// text.rs: HTML (comments, style and script blocks, then any tag) and HTML_MEDIA_TAGS (kept as their file name).
const HTML = /(<!--.*?-->)|(<style.*?>.*?<\/style>)|(<script.*?>.*?<\/script>)|(<.*?>)/gis;
const MEDIA =
  /<\b(?:img|audio|video|object|source)\b(?:[^>]|"[^"]+?"|'[^']+?')+?\b(?:src|data)\b=(?:"([^"]+?)"[^>]*>|'([^']+?)'[^>]*>|([^ >]+?)(?: [^>]*>|>))/gis;
const NAMED = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * text.rs strip_html_preserving_media_filenames: what Anki sorts on and checksums. Entities are decoded as
 * htmlescape does; a named entity outside NAMED throws, so this checker never guesses at one.
 */
export function ankiStripHtml(html) {
  const stripped = html.replace(MEDIA, ' $1$2$3 ').replace(HTML, '');
  if (!stripped.includes('&')) return stripped;
  return stripped
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name) => {
      if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1)));
      if (!(name in NAMED)) throw new Error(`ankiStripHtml: no rule here for the entity ${entity}`);
      return NAMED[name];
    })
    .replace(/\u00a0/g, ' ');
}

/** notes/mod.rs field_checksum: the SHA-1 of the stripped first field, its first four bytes as a big-endian u32. */
export const ankiChecksum = (text) => createHash('sha1').update(text, 'utf8').digest().readUInt32BE(0);

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isInt = (value) => Number.isSafeInteger(value);
const isIntLike = (value) => isInt(value) || (typeof value === 'string' && /^-?\d+$/.test(value)); // deserialize_number_from_string
const isBoolLike = (value) => typeof value === 'boolean' || value === 0 || value === 1; // deserialize_bool_from_anything
const isString = (value) => typeof value === 'string';
const isNumbers = (value) => Array.isArray(value) && value.every((item) => typeof item === 'number');
const isTodayAmount = (value) => Array.isArray(value) && value.length === 2 && value.every(isInt);

/** Keys serde requires (no #[serde(default)]) and keys it takes when present, each with its check. */
const NOTETYPE = {
  required: {
    id: isIntLike,
    name: isString,
    type: (v) => v === 0 || v === 1,
    mod: isInt,
    usn: isInt,
    sortf: isInt,
    did: (v) => v === null || isIntLike(v),
    tmpls: Array.isArray,
    flds: Array.isArray,
    css: isString,
  },
  optional: { latexPre: isString, latexPost: isString, latexsvg: isBoolLike, req: Array.isArray },
};
const NOTE_FIELD = {
  required: { name: isString, sticky: isBoolLike, rtl: isBoolLike, font: isString, size: isInt },
  optional: { ord: (v) => v === null || isInt(v) },
};
const TEMPLATE = {
  required: { name: isString, qfmt: isString },
  optional: { ord: (v) => v === null || isInt(v), afmt: isString, bqfmt: isString, bafmt: isString, did: (v) => v === null || isIntLike(v) },
};
const DECK = {
  required: {
    id: isIntLike,
    name: isString,
    usn: isInt,
    lrnToday: isTodayAmount,
    revToday: isTodayAmount,
    newToday: isTodayAmount,
    timeToday: isTodayAmount,
    collapsed: (v) => typeof v === 'boolean',
    dyn: isBoolLike,
  },
  optional: { mod: isIntLike, browserCollapsed: (v) => typeof v === 'boolean', desc: isString },
};
const NORMAL_DECK = { required: { conf: isIntLike }, optional: { extendNew: isInt, extendRev: isInt } };
const DECK_CONFIG = {
  required: {
    id: isIntLike,
    mod: isIntLike,
    name: isString,
    usn: isInt,
    maxTaken: isInt,
    autoplay: (v) => typeof v === 'boolean',
    timer: isInt,
    new: isObject,
    rev: isObject,
    lapse: isObject,
  },
  optional: { replayq: (v) => typeof v === 'boolean', dyn: isBoolLike },
};
const NEW_CONFIG = {
  required: { delays: isNumbers, initialFactor: isInt, ints: (v) => isNumbers(v) && v.length >= 2, order: (v) => v === 0 || v === 1, perDay: isInt },
  optional: { bury: (v) => typeof v === 'boolean' },
};
const REVIEW_CONFIG = {
  required: { ease4: Number.isFinite, ivlFct: Number.isFinite, maxIvl: isInt, perDay: isInt },
  optional: { bury: (v) => typeof v === 'boolean', hardFactor: Number.isFinite },
};
const LAPSE_CONFIG = {
  required: { delays: isNumbers, leechAction: (v) => v === 0 || v === 1, leechFails: isInt, minInt: isInt, mult: Number.isFinite },
  optional: {},
};

/** The keys of one JSON object against its shape: each missing or mistyped key is one break. */
function shapeBreaks(value, shape, where) {
  if (!isObject(value)) return [`${where} is not a JSON object`];
  const breaks = [];
  for (const [key, valid] of Object.entries(shape.required))
    if (!(key in value)) breaks.push(`${where} lacks "${key}"`);
    else if (!valid(value[key])) breaks.push(`${where} has "${key}" = ${JSON.stringify(value[key])}, not the kind Anki reads`);
  for (const [key, valid] of Object.entries(shape.optional))
    if (key in value && !valid(value[key])) breaks.push(`${where} has "${key}" = ${JSON.stringify(value[key])}, not the kind Anki reads`);
  return breaks;
}

/** decks/name.rs normalized_deck_name_component and tags/register.rs normalized_tag_name_component. */
const keptPart = (part, separators) =>
  part === part.normalize('NFC') && !CONTROL.test(part) && !/[\n\t]/.test(part) && !separators.test(part) && part.trim() === part && part !== '';
const deckNameBreaks = (name, where) =>
  name.split('::').every((part) => keptPart(part, /^:|:$/)) ? [] : [`${where}: the name "${name}" is not in the form Anki keeps (it would rename the deck)`];
const tagBreaks = (tag, where) =>
  tag.split('::').every((part) => keptPart(part, /[ \u3000]/)) ? [] : [`${where}: the tag "${tag}" is not in the form Anki keeps`];

/** The field names a template refers to: {{Field}}, {{#Field}}, {{^Field}}, {{/Field}}, {{filter:Field}}. */
const SPECIAL_FIELDS = new Set(['FrontSide', 'Tags', 'Type', 'Deck', 'Subdeck', 'Card', 'CardFlag', 'CardID']);
const templateFields = (template) =>
  [...template.matchAll(/\{\{([#^/]?)([^}]*)\}\}/g)].map(([, , inner]) => inner.split(':').at(-1).trim()).filter((name) => !SPECIAL_FIELDS.has(name));

function collectionBreaks(col, now) {
  const breaks = [];
  const parse = (column) => {
    try {
      return JSON.parse(col[column]);
    } catch {
      breaks.push(`col.${column} is not JSON`);
      return {};
    }
  };
  if (col.id !== 1) breaks.push(`col.id is ${col.id}, not 1`);
  if (col.ver !== 11) breaks.push(`col.ver is ${col.ver}, not 11`);
  if (!(col.crt > 0 && col.crt <= now / 1000 + 86_400)) breaks.push(`col.crt ${col.crt} is not a time in seconds`);
  for (const column of ['mod', 'scm'])
    if (!(col[column] > 1e11 && col[column] <= now + DAY_MS)) breaks.push(`col.${column} ${col[column]} is not a time in milliseconds`);
  const [conf, models, decks, dconf, tags] = ['conf', 'models', 'decks', 'dconf', 'tags'].map(parse);
  for (const [name, value] of Object.entries({ conf, models, decks, dconf, tags })) if (!isObject(value)) breaks.push(`col.${name} is not a JSON object`);

  for (const [key, model] of Object.entries(models)) {
    const where = `note type ${key}`;
    breaks.push(...shapeBreaks(model, NOTETYPE, where));
    if (String(model.id) !== key) breaks.push(`${where} is filed under a key that is not its id ${model.id}`);
    const fields = Array.isArray(model.flds) ? model.flds : [];
    const templates = Array.isArray(model.tmpls) ? model.tmpls : [];
    if (fields.length === 0 || templates.length === 0) breaks.push(`${where} needs at least one field and one template`);
    fields.forEach((field, index) => {
      breaks.push(...shapeBreaks(field, NOTE_FIELD, `${where} field ${index}`));
      if (field.ord != null && field.ord !== index) breaks.push(`${where} field ${index} has ord ${field.ord}`);
    });
    const names = fields.map((field) => field.name);
    if (new Set(names).size !== names.length || names.some((name) => !name)) breaks.push(`${where}: field names must be unique and not empty`);
    if (!(model.sortf < fields.length)) breaks.push(`${where}: sortf ${model.sortf} is not one of its fields`);
    templates.forEach((template, index) => {
      breaks.push(...shapeBreaks(template, TEMPLATE, `${where} template ${index}`));
      if (template.ord != null && template.ord !== index) breaks.push(`${where} template ${index} has ord ${template.ord}`);
      for (const name of [...templateFields(template.qfmt ?? ''), ...templateFields(template.afmt ?? '')])
        if (!names.includes(name)) breaks.push(`${where} template ${index} refers to a field "${name}" the note type lacks`);
    });
    for (const requirement of model.req ?? [])
      if (
        !(
          Array.isArray(requirement)
          && requirement[0] < templates.length
          && ['any', 'all', 'none'].includes(requirement[1])
          && requirement[2].every((ord) => ord < fields.length)
        )
      )
        breaks.push(`${where} has a card requirement Anki cannot read: ${JSON.stringify(requirement)}`);
  }

  const deckNames = new Set(Object.values(decks).map((deck) => deck?.name));
  for (const [key, deck] of Object.entries(decks)) {
    const where = `deck ${key}`;
    breaks.push(...shapeBreaks(deck, DECK, where));
    if (String(deck.id) !== key) breaks.push(`${where} is filed under a key that is not its id ${deck.id}`);
    if (isString(deck.name)) {
      breaks.push(...deckNameBreaks(deck.name, where));
      const parts = deck.name.split('::');
      for (let depth = 1; depth < parts.length; depth++)
        if (!deckNames.has(parts.slice(0, depth).join('::'))) breaks.push(`${where} "${deck.name}" has no parent deck "${parts.slice(0, depth).join('::')}"`);
    }
    if (!deck.dyn) {
      breaks.push(...shapeBreaks(deck, NORMAL_DECK, where));
      if (!(String(deck.conf) in dconf)) breaks.push(`${where} uses options ${deck.conf} that col.dconf lacks`);
    }
  }
  if (deckNames.size !== Object.keys(decks).length) breaks.push('two decks share a name');

  for (const [key, options] of Object.entries(dconf)) {
    const where = `deck options ${key}`;
    breaks.push(...shapeBreaks(options, DECK_CONFIG, where));
    if (String(options.id) !== key) breaks.push(`${where} is filed under a key that is not its id ${options.id}`);
    if (isObject(options.new)) breaks.push(...shapeBreaks(options.new, NEW_CONFIG, `${where} new`));
    if (isObject(options.rev)) breaks.push(...shapeBreaks(options.rev, REVIEW_CONFIG, `${where} rev`));
    if (isObject(options.lapse)) breaks.push(...shapeBreaks(options.lapse, LAPSE_CONFIG, `${where} lapse`));
  }
  return { breaks, models, decks };
}

function noteBreaks(note, models, now) {
  const where = `note ${note.id} (${note.guid})`;
  const breaks = [];
  const model = models[String(note.mid)];
  if (!(isInt(note.id) && note.id > 0 && note.id <= now + DAY_MS)) breaks.push(`${where}: its id is not a creation time in milliseconds up to a day from now`);
  if (!(isString(note.guid) && note.guid !== '')) breaks.push(`${where}: no guid`);
  if (!(note.mod > 0 && note.mod <= now / 1000 + 86_400)) breaks.push(`${where}: mod ${note.mod} is not a time in seconds`);
  if (!model) return [...breaks, `${where}: its note type ${note.mid} is not in col.models`];
  const fields = note.flds.split('\x1f');
  if (fields.length !== model.flds.length) breaks.push(`${where} has ${fields.length} fields; its note type has ${model.flds.length}`);
  fields.forEach((field, index) => {
    if (CONTROL.test(field)) breaks.push(`${where} field ${index} holds a control character Anki would strip`);
    if (field !== field.normalize('NFC')) breaks.push(`${where} field ${index} is not NFC, which Anki would change`);
  });
  const first = ankiStripHtml(fields[0]);
  if (String(note.sfld) !== ankiStripHtml(fields[model.sortf] ?? '')) breaks.push(`${where}: sfld is not the sort field without its HTML`);
  if (note.csum !== ankiChecksum(first)) breaks.push(`${where}: csum ${note.csum} is not ${ankiChecksum(first)}, the checksum of its first field without HTML`);
  if (note.tags !== '' && !/^ .* $/.test(note.tags)) breaks.push(`${where}: tags must be '' or start and end with a space`);
  for (const tag of note.tags.split(/[ \u3000]+/).filter(Boolean)) breaks.push(...tagBreaks(tag, where));
  if (note.flags !== 0 || note.data !== '') breaks.push(`${where}: flags and data must be 0 and ''`);
  return breaks;
}

function cardBreaks(card, notes, models, decks, now) {
  const where = `card ${card.id}`;
  const breaks = [];
  const note = notes.get(card.nid);
  if (!(isInt(card.id) && card.id > 0 && card.id <= now + DAY_MS)) breaks.push(`${where}: its id is not a creation time in milliseconds up to a day from now`);
  if (!note) return [...breaks, `${where}: its note ${card.nid} is not in notes`];
  const model = models[String(note.mid)];
  if (model && model.type === 0 && !(card.ord >= 0 && card.ord < model.tmpls.length))
    breaks.push(`${where}: ord ${card.ord} is not a template of its note type`);
  const deck = decks[String(card.did)];
  if (!deck || deck.dyn) breaks.push(`${where}: its deck ${card.did} is not a normal deck in col.decks`);
  if (!(card.mod > 0 && card.mod <= now / 1000 + 86_400)) breaks.push(`${where}: mod ${card.mod} is not a time in seconds`);
  if (card.type === 0 && card.queue === 0 && !(card.due >= 0)) breaks.push(`${where}: a new card's due is its position, not ${card.due}`);
  if (card.odid !== 0 || card.odue !== 0) breaks.push(`${where}: odid and odue belong to filtered decks, which a package of new cards has none of`);
  return breaks;
}

/**
 * Every rule of Anki's the package breaks.
 * @param {Uint8Array} bytes  the .apkg
 * @param {any} SQL  an initialised sql.js
 * @param {number} now  the time the importer runs, in milliseconds
 * @returns {string[]}
 */
export function ankiRuleBreaks(bytes, SQL, now = Date.now()) {
  const files = unzipSync(bytes);
  const breaks = [];
  if (!files['collection.anki2']) return ['the zip holds no collection.anki2'];
  try {
    const media = JSON.parse(new TextDecoder().decode(files.media ?? new Uint8Array()));
    if (!isObject(media)) breaks.push('the media list is not a JSON object');
  } catch {
    breaks.push('the zip holds no media list in JSON');
  }
  const db = new SQL.Database(files['collection.anki2']);
  try {
    const rows = (sql) => {
      const statement = db.prepare(sql);
      const out = [];
      while (statement.step()) out.push(statement.getAsObject());
      statement.free();
      return out;
    };
    const tables = rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").map((row) => row.name);
    if (tables.join() !== Object.keys(SCHEMA_11_TABLES).sort().join()) breaks.push(`the tables are ${tables.join(', ')}`);
    for (const [table, columns] of Object.entries(SCHEMA_11_TABLES)) {
      const found = rows(`PRAGMA table_info(${table})`);
      if (found.map((column) => `${column.name} ${column.type.toLowerCase()}`).join(', ') !== columns)
        breaks.push(`table ${table} does not have schema 11's columns`);
      if (found.some((column) => !column.notnull && !column.pk)) breaks.push(`table ${table} has a column that allows NULL`);
      if (found[0]?.name === 'id' && !found[0].pk) breaks.push(`table ${table}: id is not the primary key`);
    }
    for (const [index, on] of Object.entries(SCHEMA_11_INDEXES)) {
      const [table, columns] = on.split(/[()]/);
      const found = rows(`PRAGMA index_info(${index})`).map((column) => column.name);
      if (found.join(', ') !== columns || rows(`SELECT tbl_name FROM sqlite_master WHERE name = '${index}'`)[0]?.tbl_name !== table)
        breaks.push(`index ${index} is not on ${on}`);
    }
    const cols = rows('SELECT * FROM col');
    if (cols.length !== 1) return [...breaks, `col holds ${cols.length} rows, not 1`];
    const { breaks: collection, models, decks } = collectionBreaks(cols[0], now);
    breaks.push(...collection);
    const notes = new Map(rows('SELECT * FROM notes').map((note) => [note.id, note]));
    const guids = new Set();
    for (const note of notes.values()) {
      breaks.push(...noteBreaks(note, models, now));
      if (guids.has(note.guid)) breaks.push(`two notes share the guid ${note.guid}`);
      guids.add(note.guid);
    }
    const cards = rows('SELECT * FROM cards');
    const ords = new Set();
    for (const card of cards) {
      breaks.push(...cardBreaks(card, notes, models, decks, now));
      if (ords.has(`${card.nid}:${card.ord}`)) breaks.push(`note ${card.nid} has two cards with ord ${card.ord}`);
      ords.add(`${card.nid}:${card.ord}`);
    }
    for (const note of notes.values()) if (!cards.some((card) => card.nid === note.id)) breaks.push(`note ${note.id} has no card`);
    return breaks;
  } finally {
    db.close();
  }
}
