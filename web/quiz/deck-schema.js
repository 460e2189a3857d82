// Deck validation against the deck format (v1). Every problem is reported, each naming the deck,
// the card id and the field path, so an author can fix a deck in one pass.
import { computedTemplates, placeholders } from './computed-templates.js';
import { markupProblems } from './markup.js';
import { emptyAlternatives, isExclusion } from './answer-matcher.js';
import { linkProblems } from '../router.js';

export const limits = Object.freeze({
  maxDeckBytes: 2 * 1024 * 1024,
  maxCards: 2000,
  maxQuestionChars: 300,
  maxTextChars: 4000,
  maxIdChars: 100,
  maxParams: 16,
  maxChoices: 100,
  maxChoiceChars: 100,
  maxHints: 5,
  maxTermsPerKeyPoint: 8,
  maxTermChars: 400, // a term lists alternatives, a learner's many ways of saying one thing
  maxLiveLinks: 4,
  maxLabelChars: 80,
});

const kebabCase = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const parameterName = /^[a-zA-Z][a-zA-Z0-9]*$/; // as {name} placeholders are written
// Names JavaScript objects already carry ("constructor", "toString", "__proto__"): refused as ids and
// parameter names, so no lookup anywhere can mistake one for a built-in.
const reservedNames = new Set(Object.getOwnPropertyNames(Object.prototype));
// Visible text: anything but white space, control characters and default-ignorable code points
// (zero-width spaces and joiners, U+FEFF, the soft hyphen, direction marks).
const visibleCharacter = /[^\p{White_Space}\p{Cc}\p{Default_Ignorable_Code_Point}]/u;
// Explicit embeddings, overrides and isolates: the page isolates each text itself (bdi, dir=auto),
// and an override left in a title would reverse the text around it.
const directionControl = /[\u202A-\u202E\u2066-\u2069]/;
// Where in a work a source's claim stands, so a reader lands on it: a numbered (or named) part of a
// paper, report or page, or a file of a codebase (with its function or key beside it).
const partLocator =
  /(?:\b(?:sections?|headings?|tables?|figures?|fig\.|equations?|eqs?\.|appendix|appendices|chapter|algorithm|pages?|pp?\.)|§)\s*(?:\d|[A-Z]\b|[IVX]+\b|\(|["“'‘])/i;
const fileLocator = /[\w-]+\.(?:py|js|mjs|ts|cpp|cc|cu|h|hpp|rs|go|md|json|ya?ml|toml|ipynb|txt)\b/;
const deckFields = new Set(['id', 'title', 'version', 'cards', 'description', 'requireKeyPointTerms']);
const cardFields = new Set([
  'id',
  'topic',
  'tags',
  'question',
  'hints',
  'keyPoints',
  'keyPointTerms',
  'claims',
  'basic',
  'solid',
  'code',
  'goDeeper',
  'explanation',
  'followUps',
  'redFlags',
  'sources',
  'computed',
  'live',
]);

/**
 * A tag in its one spelling: lowercase kebab-case, -isation written -ization and -alise -alize
 * (Oxford spelling), so "length-generalisation" and "length-generalization" cannot both exist.
 * @param {string} tag
 */
function normalTag(tag) {
  return tag
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/isation/g, 'ization')
    .replace(/alis(e|ed|es|ing)(?=-|$)/g, 'aliz$1');
}

/**
 * @typedef {{ deck: string, card: string | null, path: string, message: string, text: string }} DeckError
 */

/**
 * Checks one parsed deck. `knownIds` maps card ids already loaded (from other decks) to their
 * deck, so duplicates across decks are caught; it is not modified.
 * @param {any} deck  parsed JSON of any shape: every field is checked here before it is used
 * @param {{ source?: string, byteLength?: number, knownIds?: Map<string, string>, names?: object }} [options]
 *   names: the engine's name tables (posenc.names), when at hand, to check the names "See it live" links use
 * @returns {DeckError[]}  empty when the deck is valid
 */
export function validateDeck(deck, { source = 'deck', byteLength = 0, knownIds = new Map(), names = undefined } = {}) {
  const deckName = typeof deck?.id === 'string' && deck.id ? `"${describeKey(deck.id)}" (${source})` : source;
  const errors = [];
  let cardId = null;
  const report = (path, message) =>
    errors.push({
      deck: deckName,
      card: cardId,
      path,
      message,
      text: `Deck ${deckName}${cardId === null ? '' : `, card "${cardId}"`}, ${path}: ${message}`,
    });

  if (byteLength > limits.maxDeckBytes) {
    report('(file)', `is ${byteLength} bytes; a deck may be at most ${limits.maxDeckBytes} bytes (2 MB)`);
    return errors;
  }
  if (typeof deck !== 'object' || deck === null || Array.isArray(deck)) {
    report('(root)', 'must be a JSON object { "id", "title", "version", "cards" }');
    return errors;
  }
  for (const key of Object.keys(deck)) if (!deckFields.has(key)) report(describeKey(key), 'is not a deck field (typo?)');
  checkId(deck.id, 'id', report);
  checkText(deck.title, 'title', report);
  if (deck.description !== undefined) checkText(deck.description, 'description', report);
  if (!Number.isInteger(deck.version) || deck.version < 1) report('version', `must be a whole number from 1; got ${describe(deck.version)}`);
  if (deck.requireKeyPointTerms !== undefined && typeof deck.requireKeyPointTerms !== 'boolean')
    report('requireKeyPointTerms', `must be true or false (false lets tiered cards go without key-point terms); got ${describe(deck.requireKeyPointTerms)}`);
  // Typed answers are matched by each key point's terms; a deck may opt out and fall back on the
  // key points' own words, which find about half of what a learner states (README, "Typed answers").
  const termsRequired = deck.requireKeyPointTerms !== false;
  if (!Array.isArray(deck.cards) || deck.cards.length === 0) {
    report('cards', `must be a non-empty list of cards; got ${describe(deck.cards)}`);
    return errors;
  }
  if (deck.cards.length > limits.maxCards) {
    report('cards', `has ${deck.cards.length} cards; a deck may hold at most ${limits.maxCards}`);
    return errors;
  }

  const seen = new Set();
  deck.cards.forEach((card, index) => {
    cardId = typeof card?.id === 'string' && card.id ? describeKey(card.id) : `#${index}`;
    const at = (path) => `cards[${index}].${path}`;
    if (typeof card !== 'object' || card === null || Array.isArray(card)) {
      report(`cards[${index}]`, `must be an object; got ${describe(card)}`);
      return;
    }
    for (const key of Object.keys(card)) if (!cardFields.has(key)) report(at(describeKey(key)), 'is not a card field (typo?)');
    if (checkId(card.id, at('id'), report)) {
      if (seen.has(card.id)) report(at('id'), 'is used by another card in this deck; ids must be unique');
      else if (knownIds.has(card.id)) report(at('id'), `is already used by a card in deck "${knownIds.get(card.id)}"; ids must be unique across decks`);
      seen.add(card.id);
    }
    checkText(card.topic, at('topic'), report);
    checkList(card.tags, at('tags'), report, (tag, path) => {
      if (checkText(tag, path, report) && tag !== normalTag(tag))
        report(path, `must be written "${normalTag(tag)}" (lowercase kebab-case, -ize/-ization spelling); got ${describe(tag)}`);
    });
    checkText(card.question, at('question'), report, limits.maxQuestionChars);
    if (card.hints !== undefined) checkHints(card.hints, at('hints'), report);
    const isComputed = card.computed !== undefined;
    const required = (field) => !isComputed || card[field] !== undefined;
    if (required('keyPoints')) checkList(card.keyPoints, at('keyPoints'), report, (point, path) => checkText(point, path, report));
    if (card.keyPointTerms !== undefined) checkKeyPointTerms(card, at('keyPointTerms'), report, termsRequired);
    else if (!isComputed && termsRequired)
      report(
        at('keyPointTerms'),
        'is missing: a tiered card needs terms for each key point, so that typed answers can be checked; write them, or set "requireKeyPointTerms": false on the deck to match key points by their own words',
      );
    if (card.claims !== undefined) checkClaims(card, at('claims'), report);
    if (required('basic')) checkText(card.basic, at('basic'), report);
    if (required('solid')) checkText(card.solid, at('solid'), report);
    if (card.code !== undefined) checkCode(card.code, at('code'), report);
    if (card.goDeeper !== undefined) checkList(card.goDeeper, at('goDeeper'), report, (level, path) => checkText(level, path, report));
    if (card.explanation !== undefined)
      checkList(card.explanation, at('explanation'), report, (section, path) => checkObject(section, path, report, { heading: checkText, text: checkText }));
    if (card.followUps !== undefined)
      checkList(card.followUps, at('followUps'), report, (followUp, path) =>
        checkObject(followUp, path, report, { question: (value, fieldPath, r) => checkText(value, fieldPath, r, limits.maxQuestionChars), answer: checkText }),
      );
    if (card.redFlags !== undefined) checkList(card.redFlags, at('redFlags'), report, (flag, path) => checkText(flag, path, report));
    checkList(card.sources, at('sources'), report, (item, path) => checkSource(item, path, report));
    if (isComputed) checkComputed(card, at('computed'), report);
    if (card.live !== undefined) checkLive(card.live, at('live'), report, names);
  });
  return errors;
}

/** A source: text that says where in the work its claim stands (a section, table, figure, equation, appendix or page, or a file). */
function checkSource(value, path, report) {
  if (!checkText(value, path, report)) return;
  if (partLocator.test(value) || fileLocator.test(value)) return;
  report(
    path,
    `must say where in the work the claim stands, so a reader can find it: a section (or a page's heading), table, figure, equation, appendix or page, or a file and its function; got ${describe(value)}`,
  );
}

/** Ids are non-empty kebab-case text, not a reserved name. Returns true when usable. */
function checkId(value, path, report) {
  if (!checkText(value, path, report, limits.maxIdChars)) return false;
  if (!kebabCase.test(value)) {
    report(path, `must be kebab-case (lowercase letters, digits and single hyphens); got ${describe(value)}`);
    return false;
  }
  if (reservedNames.has(value)) {
    report(path, `"${value}" is a name JavaScript objects already use; choose another id`);
    return false;
  }
  return true;
}

/**
 * Non-empty text within the size cap, with formulas in the supported subset.
 * @param {unknown} value @param {string} path @param {(path: string, message: string) => void} report @param {number} [maxChars]
 */
function checkText(value, path, report, maxChars = limits.maxTextChars) {
  if (value === undefined) {
    report(path, 'is missing');
    return false;
  }
  if (typeof value !== 'string') {
    report(path, `must be text; got ${describe(value)}`);
    return false;
  }
  if (value.trim() === '') {
    report(path, 'must not be empty');
    return false;
  }
  if (value.length > maxChars) {
    report(path, `is ${value.length} characters; at most ${maxChars} are allowed`);
    return false;
  }
  if (!visibleCharacter.test(value)) {
    report(path, `must hold visible text; got only invisible characters (${describe(value)})`);
    return false;
  }
  if (directionControl.test(value)) {
    report(path, `must not hold direction overrides, embeddings or isolates (U+202A-U+202E, U+2066-U+2069); got ${describe(value)}`);
    return false;
  }
  for (const problem of markupProblems(value)) report(path, problem);
  return true;
}

function checkList(value, path, report, checkItem) {
  if (value === undefined) {
    report(path, 'is missing');
    return false;
  }
  if (!Array.isArray(value)) {
    report(path, `must be a list; got ${describe(value)}`);
    return false;
  }
  if (value.length === 0) {
    report(path, 'must not be an empty list');
    return false;
  }
  value.forEach((item, index) => checkItem(item, `${path}[${index}]`));
  return true;
}

/**
 * `claims` lists the key points (by index) that are standalone true claims: the red-flag drill
 * draws its true statements from them only, so a label or a fragment never shows up as one.
 */
function checkClaims(card, path, report) {
  const count = Array.isArray(card.keyPoints) ? card.keyPoints.length : 0;
  if (count === 0) {
    report(path, 'needs keyPoints: it lists key points by index');
    return;
  }
  if (!Array.isArray(card.claims) || card.claims.length === 0) {
    report(path, `must be a non-empty list of key-point indices (0 to ${count - 1}); got ${describe(card.claims)}`);
    return;
  }
  const seen = new Set();
  card.claims.forEach((index, i) => {
    if (!Number.isInteger(index) || index < 0 || index >= count)
      report(`${path}[${i}]`, `must be the index of a key point, 0 to ${count - 1}; got ${describe(index)}`);
    else if (seen.has(index)) report(`${path}[${i}]`, `repeats key point ${index}`);
    seen.add(index);
  });
}

/** Hints: 1 to maxHints texts, shown one at a time before the answer. */
function checkHints(hints, path, report) {
  if (!checkList(hints, path, report, (hint, itemPath) => checkText(hint, itemPath, report, limits.maxQuestionChars))) return;
  if (hints.length > limits.maxHints) report(path, `has ${hints.length} hints; at most ${limits.maxHints} are allowed`);
}

/**
 * `keyPointTerms` says what the typed-answer matcher looks for: one entry per key point, either
 * null (the key point's own words, only in a deck that opts out of requiring terms) or a list of
 * terms, each "alternative | alternative", all of which an answer must contain for the key point to
 * count as covered; a term starting with "!" lists phrasings that must not appear.
 */
function checkKeyPointTerms(card, path, report, termsRequired) {
  const count = Array.isArray(card.keyPoints) ? card.keyPoints.length : 0;
  const terms = card.keyPointTerms;
  if (!Array.isArray(terms) || terms.length !== count) {
    report(
      path,
      `must be a list with one entry per key point (${count}), each null or a list of terms; got ${Array.isArray(terms) ? `${terms.length} entries` : describe(terms)}`,
    );
    return;
  }
  terms.forEach((entry, index) => {
    const at = `${path}[${index}]`;
    if (entry === null && termsRequired)
      report(
        at,
        'is null: every key point needs its terms, so that typed answers can be checked; write them, or set "requireKeyPointTerms": false on the deck to match this key point by its own words',
      );
    if (entry === null) return;
    if (!Array.isArray(entry) || entry.length === 0 || entry.length > limits.maxTermsPerKeyPoint) {
      report(at, `must be ${termsRequired ? '' : 'null or '}a list of 1 to ${limits.maxTermsPerKeyPoint} terms; got ${describe(entry)}`);
      return;
    }
    if (entry.every((term) => typeof term === 'string' && isExclusion(term)))
      report(at, 'needs at least one term the answer must contain; terms starting with "!" only say what must not appear');
    entry.forEach((term, i) => {
      if (!checkText(term, `${at}[${i}]`, report, limits.maxTermChars)) return;
      const empty = emptyAlternatives(term);
      if (empty.length)
        report(
          `${at}[${i}]`,
          `each alternative (between |) must hold a word or number that is not a common word; ${empty.map((text) => `"${spellOut(text.slice(0, 40))}"`).join(', ')} ${empty.length === 1 ? 'has' : 'have'} none`,
        );
    });
  });
}

function checkObject(value, path, report, fields) {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    report(
      path,
      `must be an object with ${Object.keys(fields)
        .map((name) => `"${name}"`)
        .join(' and ')}; got ${describe(value)}`,
    );
    return;
  }
  for (const key of Object.keys(value)) if (!Object.hasOwn(fields, key)) report(`${path}.${describeKey(key)}`, 'is not a field here (typo?)');
  for (const [name, check] of Object.entries(fields)) check(value[name], `${path}.${name}`, report);
}

/**
 * `live`: "See it live" links, each { label, view, params } opening a view of this page with those
 * settings. Views, parameter names and values are checked against the page's own URL table
 * (web/router.js), so a link the page would not open as written is refused here.
 */
function checkLive(value, path, report, names) {
  if (!checkList(value, path, report, () => {})) return;
  if (value.length > limits.maxLiveLinks) report(path, `has ${value.length} links; a card may have at most ${limits.maxLiveLinks}`);
  value.slice(0, limits.maxLiveLinks).forEach((link, index) => {
    const at = `${path}[${index}]`;
    if (typeof link !== 'object' || link === null || Array.isArray(link)) {
      report(at, `must be an object { "label", "view", "params" }; got ${describe(link)}`);
      return;
    }
    for (const key of Object.keys(link)) if (!['label', 'view', 'params'].includes(key)) report(`${at}.${describeKey(key)}`, 'is not a field here (typo?)');
    checkText(link.label, `${at}.label`, report, limits.maxLabelChars);
    for (const { path: where, message } of linkProblems(link.view, link.params, { names })) report(`${at}.${describeKey(where)}`, message);
  });
}

function checkCode(code, path, report) {
  checkObject(code, path, report, {
    language: checkText,
    // Code is shown verbatim, so markup rules do not apply; only presence and size.
    source: (value, fieldPath, r) => {
      if (typeof value !== 'string' || !visibleCharacter.test(value)) r(fieldPath, `must be non-empty text; got ${describe(value)}`);
      else if (value.length > limits.maxTextChars) r(fieldPath, `is ${value.length} characters; at most ${limits.maxTextChars} are allowed`);
    },
  });
}

function checkComputed(card, path, report) {
  const { computed } = card;
  if (typeof computed !== 'object' || computed === null || Array.isArray(computed)) {
    report(path, `must be an object { "template", "params", "tolerance" }; got ${describe(computed)}`);
    return;
  }
  for (const key of Object.keys(computed))
    if (!['template', 'params', 'tolerance'].includes(key)) report(`${path}.${describeKey(key)}`, 'is not a field here (typo?)');
  const template =
    typeof computed.template === 'string' && Object.hasOwn(computedTemplates, computed.template) ? computedTemplates[computed.template] : undefined;
  if (typeof computed.template !== 'string') report(`${path}.template`, `must be text; got ${describe(computed.template)}`);
  else if (!template) report(`${path}.template`, `${describe(computed.template)} is not a known template; known: ${Object.keys(computedTemplates).join(', ')}`);
  if (!(typeof computed.tolerance === 'number' && Number.isFinite(computed.tolerance) && computed.tolerance >= 0))
    report(`${path}.tolerance`, `must be a number >= 0; got ${describe(computed.tolerance)}`);
  const params = computed.params;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    report(`${path}.params`, `must be an object of parameter ranges; got ${describe(params)}`);
    return;
  }
  const names = Object.keys(params);
  if (names.length > limits.maxParams) report(`${path}.params`, `has ${names.length} parameters; at most ${limits.maxParams} are allowed`);
  for (const name of names.slice(0, limits.maxParams)) {
    const at = `${path}.params.${describeKey(name)}`;
    if (!parameterName.test(name) || name.length > limits.maxIdChars)
      report(at, 'a parameter name must be a letter followed by letters or digits, as in {name}');
    else if (reservedNames.has(name)) report(at, `"${name}" is a name JavaScript objects already use; choose another parameter name`);
    else checkParam(params[name], at, report);
  }
  for (const name of template?.params ?? [])
    if (!Object.hasOwn(params, name)) report(`${path}.params.${name}`, `is missing; template "${computed.template}" needs ${template.params.join(', ')}`);
  if (typeof card.question === 'string') {
    for (const name of placeholders(card.question))
      if (!Object.hasOwn(params, name)) report(path.replace(/computed$/, 'question'), `uses {${name}}, which is not in computed.params`);
  }
}

function checkParam(spec, path, report) {
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec)) {
    report(path, `must be { "min": a, "max": b } or { "choices": [...] }; got ${describe(spec)}`);
    return;
  }
  const fields = Object.hasOwn(spec, 'choices') ? ['choices'] : ['min', 'max'];
  for (const key of Object.keys(spec)) if (!fields.includes(key)) report(`${path}.${describeKey(key)}`, 'is not a field here (typo?)');
  if (Array.isArray(spec.choices)) {
    const usable = (choice) =>
      (typeof choice === 'number' && Number.isFinite(choice))
      || (typeof choice === 'string' && choice.length <= limits.maxChoiceChars && visibleCharacter.test(choice) && !directionControl.test(choice));
    if (spec.choices.length === 0 || spec.choices.length > limits.maxChoices || !spec.choices.every(usable))
      report(
        `${path}.choices`,
        `must be a non-empty list of at most ${limits.maxChoices} finite numbers or visible texts (each at most ${limits.maxChoiceChars} characters)`,
      );
  } else if (typeof spec?.min === 'number' && typeof spec?.max === 'number' && Number.isFinite(spec.min) && Number.isFinite(spec.max)) {
    if (spec.min > spec.max) report(path, `min ${spec.min} is greater than max ${spec.max}`);
  } else {
    report(path, `must be { "min": a, "max": b } or { "choices": [...] }; got ${describe(spec)}`);
  }
}

/** A short description of a wrong value for messages; invisible and direction characters are spelled out. */
function describe(value) {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `the text "${spellOut(value.length > 40 ? `${value.slice(0, 40)}…` : value)}"`;
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

/** A field name from the deck, as it may appear in a path: bounded, invisible characters spelled out. */
function describeKey(key) {
  return spellOut(key.length > 40 ? `${key.slice(0, 40)}…` : key);
}

function spellOut(text) {
  return text.replace(
    /[\p{Cc}\p{Default_Ignorable_Code_Point}\u202A-\u202E\u2066-\u2069]/gu,
    (char) => `U+${char.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}
