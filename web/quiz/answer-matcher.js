// Typed answers: which key points a learner's own words cover, judged on this device (no network,
// no model). Text is reduced to word stems (Porter's stemmer, npm `stemmer`, after British -ise
// spellings become -ize), numbers to one form ("10,000", "1e4", "ten thousand" -> 10000; "10k" is
// read as a rounding, meeting any number within 5%), and common words are dropped. A key point with
// terms in the deck (`keyPointTerms`) is covered when each of its terms is found (any of its
// alternatives, as a run of words, not negated just before) and none of its "!" terms (wrong-but-close
// phrasings) is; a key point without terms is covered when most of its own content words are found.
// An alternative written "rotary ... faster" asks for its parts in that order, close together within
// one clause: it tells "rotary was faster than learned" from "learned was faster than rotary".
import { stemmer } from '../vendor/stemmer.js';
import { plainText } from './markup.js';

/** The matcher's thresholds, in one place (README: "Typed answers"). */
const matcherSettings = Object.freeze({
  // Without terms: the share of a key point's content stems the answer must hold.
  wordShare: 0.6,
  // A term counts as negated when one of these words stands at most this many words before it.
  negationReach: 2,
  // A number written with k or M ("2k", "128K") is a rounding: it meets any number this close
  // (2k meets 2,048 and 8k 8,192; 128k meets 131,072, 2.4% away).
  roundedNumberSpread: 0.05,
  // The parts of an ordered alternative ("bert ... 512") may stand at most this many words apart.
  orderedReach: 5,
});

// Words that carry no content in an answer (articles, pronouns, auxiliaries, common prepositions);
// "same", "only", "each", "own" and the like stay: key points turn on them, and so does "i", the
// query's index in "j - i".
const stopWords = new Set(
  (
    'a an the and or but if of to in on at by for with from as is are was were be been being it its this that these those '
    + 'there their they them then than so such which who whom what when where why how do does did done has have had having can could '
    + 'would should will shall may might must about into onto very also you we he she his her our your my me us him'
  ).split(' '),
);
// Ends a sentence or clause in the token stream (. ; : ! ?): a negation does not reach past it, a
// term does not run across it.
const SENTENCE_END = '.';
// A comma in the token stream: the parts of an ordered alternative do not reach across it; all else
// reads past it (normalise leaves it out).
const CLAUSE_BREAK = ',';
// With the apostrophe left out, as phones and hurried typists often do ("doesnt", "cant").
const negations = new Set(
  'not no never without cannot nor none neither dont doesnt didnt isnt arent wasnt werent cant couldnt wont wouldnt shouldnt hasnt havent hadnt aint'.split(
    ' ',
  ),
);
const greek = { θ: 'theta', π: 'pi', ω: 'omega', α: 'alpha', β: 'beta', λ: 'lambda', δ: 'delta', σ: 'sigma', μ: 'mu' };
const units = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const tens = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const scales = { hundred: 100, thousand: 1e3, million: 1e6, billion: 1e9 };
const numberWord = (word) => units.includes(word) || Object.hasOwn(tens, word) || Object.hasOwn(scales, word);

// Marks a number token written with a k or M suffix: a rounding, not an exact value.
const ROUNDED = '~';

/** Digits as one number: thousands separators, k/m suffixes (marked rounded) and exponents folded ("10,000", "10k", "1e4"). */
function digitsValue(raw) {
  const match = /^(\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)(?:e([+-]?\d+))?([km])?$/.exec(raw.replace(/,$/, ''));
  if (!match) return null;
  const value = Number(match[1].replaceAll(',', '')) * 10 ** Number(match[2] ?? 0) * (match[3] === 'k' ? 1e3 : match[3] === 'm' ? 1e6 : 1);
  return Number.isFinite(value) ? `${value}${match[3] ? ROUNDED : ''}` : null;
}

/** A token without its rounding mark: what the key points' own words are compared by. */
const exact = (token) => token.replace(ROUNDED, '');

/** Whether an answer's token and a term's token say the same: equal, or numbers within a rounding's reach. */
function sameToken(said, wanted) {
  if (said === wanted) return true;
  if (!said.endsWith(ROUNDED) && !wanted.endsWith(ROUNDED)) return false;
  const [a, b] = [parseFloat(said), parseFloat(wanted)];
  return Number.isFinite(a) && Number.isFinite(b) && Math.abs(a - b) <= matcherSettings.roundedNumberSpread * Math.max(Math.abs(a), Math.abs(b));
}

/** Words of a run of number words ("two thousand and forty eight") as one number. */
function wordsValue(words) {
  let total = 0;
  let current = 0;
  for (const word of words) {
    if (units.includes(word)) current += units.indexOf(word);
    else if (Object.hasOwn(tens, word)) current += tens[word];
    else if (word === 'hundred') current = Math.max(1, current) * 100;
    else {
      total += Math.max(1, current) * scales[word];
      current = 0;
    }
  }
  return String(total + current);
}

// Words whose "-ise" is not the -ise/-ize suffix ("precise", "otherwise", "promise"): left as they are,
// so "precise" still meets "precisely".
const notIseVerbs =
  /(?:^prec|^conc|^prem|^otherw|^likew|^clockw|^expert|^exerc|^comprom|^enterpr|^prom|^surpr|^adv|^rev|^dev|^superv|^telev|^improv|^compr|^desp|^disgu|^franch|^merchand|^parad|^exc|^inc|^dem|^pra|^ar|^ra|^no|^po)is(?:e|es|ed|ing|er|ers|ely)?$/;

// British past forms Porter does not fold ("learnt" stays "learnt").
const britishPast = { learnt: 'learned', spelt: 'spelled', burnt: 'burned', dreamt: 'dreamed', leant: 'leaned' };

/** A word in the form both sides are compared in: -ise spellings as -ize, then its Porter stem. */
function stem(word) {
  const american = word.length > 6 && !notIseVerbs.test(word) ? word.replace(/is(e|es|ed|ing|ation|ations|er|ers)$/, 'iz$1') : word;
  // Porter stems "added" to "ad" but leaves "add", and "dies" to "di" but leaves "die": the two
  // forms meet once a final doubled consonant is single and a final "ie" is "i".
  return stemmer(britishPast[american] ?? american)
    .replace(/([^aeiouylsz])\1$/, '$1')
    .replace(/ie$/, 'i');
}

/**
 * Text as comparable tokens: lowercase stems and numbers, stop words dropped, negations kept.
 * @param {string} text  plain text or deck markup
 * @returns {string[]}
 */
export const normalise = (text) => tokenise(text).filter((token) => token !== CLAUSE_BREAK);

/** normalise's tokens with the commas kept, as clause breaks. */
function tokenise(text) {
  const plain = plainText(text)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[θπωαβλδσμ]/g, (letter) => ` ${greek[letter]} `)
    .replace(/\bcan['’]t\b/g, 'cannot')
    .replace(/\bwon['’]t\b/g, 'will not')
    .replace(/n['’]t\b/g, ' not')
    .replace(/[‐‑‒–—−]/g, '-')
    // "No," "no -" or "no:" answering the question ends a clause; it does not negate what follows.
    .replace(/\bno\s*(?:,|:|-\s)/g, 'no . ')
    // A range written with dots ("1.03..64.8", "2k…8k") is two numbers, not decimals run together.
    .replace(/(\d[km]?)\.{2,}(?=\d)/g, '$1 ');
  const raw = plain.match(/\d[\d,]*(?:\.\d+)?(?:e[+-]?\d+)?[a-z0-9]*|\.\d+|[a-z][a-z0-9]*|[.;:!?,](?=\s|$)/g) ?? [];
  const tokens = [];
  for (let i = 0; i < raw.length; i++) {
    const word = raw[i];
    if (word === CLAUSE_BREAK) {
      if (tokens.length && tokens.at(-1) !== SENTENCE_END && tokens.at(-1) !== CLAUSE_BREAK) tokens.push(CLAUSE_BREAK);
      continue;
    }
    if (/^[.;:!?]$/.test(word)) {
      if (tokens.at(-1) === CLAUSE_BREAK) tokens.pop();
      if (tokens.length && tokens.at(-1) !== SENTENCE_END) tokens.push(SENTENCE_END);
      continue;
    }
    if (/^[\d.]/.test(word)) {
      // "512, then" keeps its comma as a clause break; "10,000" is one number.
      tokens.push(digitsValue(word) ?? word.replace(/,/g, ''));
      if (word.endsWith(',') && raw[i + 1] !== undefined) tokens.push(CLAUSE_BREAK);
      continue;
    }
    if (numberWord(word)) {
      const run = [word];
      // "and" inside a number ("two hundred and six") belongs to it.
      while (i + 1 < raw.length && (numberWord(raw[i + 1]) || (raw[i + 1] === 'and' && numberWord(raw[i + 2] ?? '')))) {
        i++;
        if (raw[i] !== 'and') run.push(raw[i]);
      }
      tokens.push(wordsValue(run));
      continue;
    }
    if (negations.has(word)) {
      tokens.push('not');
      continue;
    }
    if (!stopWords.has(word)) tokens.push(stem(word));
  }
  return tokens;
}

/** The tokens of a term or key point, without sentence ends. */
const words = (text) => normalise(text).filter((token) => token !== SENTENCE_END);

/** Marks a term whose alternatives must not appear ("!absolute position | learned table"). */
const EXCLUDED = '!';

/** Whether a term lists wrong-but-close phrasings: any of them, said and not negated, uncovers the key point. */
export const isExclusion = (term) => term.trimStart().startsWith(EXCLUDED);

/** A term's alternatives, "!" taken off. */
const termBody = (term) => (isExclusion(term) ? term.trimStart().slice(EXCLUDED.length) : term);

/** Separates the parts of an ordered alternative ("bert ... 512"). */
const IN_ORDER = /\.{3}|…/;

/** Each term's alternatives ("relative | offset | rotary ... faster") as lists of parts, each part a token run. */
function alternatives(term) {
  return termBody(term)
    .split('|')
    .map((alternative) => alternative.split(IN_ORDER).map((part) => words(part)))
    .filter((parts) => parts.every((tokens) => tokens.length > 0));
}

/** Where `run` starts in `tokens` as consecutive tokens, from `from` on. */
function* starts(tokens, run, from = 0) {
  for (let start = from; start + run.length <= tokens.length; start++) if (run.every((token, offset) => sameToken(tokens[start + offset], token))) yield start;
}

/**
 * Whether a negation stands just before `start` in its clause ("doesn't matter, slow pairs are" does
 * not negate "slow"); a run that is itself negative is never negated. `tokens` keep their commas.
 */
function negated(tokens, start, run) {
  if (run[0] === 'not') return false;
  const before = tokens.slice(Math.max(0, start - matcherSettings.negationReach), start);
  before.splice(0, Math.max(before.lastIndexOf(SENTENCE_END), before.lastIndexOf(CLAUSE_BREAK)) + 1);
  return before.includes('not');
}

/** Whether `parts` follow from `from` on: each within reach of the one before, no clause break between, none negated. */
function followsInOrder(tokens, parts, from) {
  if (parts.length === 0) return true;
  const [run, ...rest] = parts;
  for (const start of starts(tokens, run, from)) {
    const gap = tokens.slice(from, start);
    if (gap.length > matcherSettings.orderedReach || gap.includes(SENTENCE_END) || gap.includes(CLAUSE_BREAK)) return false;
    if (!negated(tokens, start, run) && followsInOrder(tokens, rest, start + run.length)) return true;
  }
  return false;
}

/**
 * Whether an alternative occurs in the answer, not negated just before. A one-part alternative is a
 * run of consecutive words (commas read past); parts in order stand within reach in one clause.
 * @param {{ words: string[], clauses: string[], inClauses: number[] }} answer  the answer's tokens
 *   without and with commas, and where each of the first stands among the second
 * @param {string[][]} parts
 */
function contains(answer, parts) {
  if (parts.length === 1) return [...starts(answer.words, parts[0])].some((start) => !negated(answer.clauses, answer.inClauses[start], parts[0]));
  const [first, ...rest] = parts;
  return [...starts(answer.clauses, first)].some(
    (start) => !negated(answer.clauses, start, first) && followsInOrder(answer.clauses, rest, start + first.length),
  );
}

/**
 * Which key points the answer covers.
 * @param {string} answer  what the learner typed
 * @param {string[]} keyPoints
 * @param {(string[] | null)[]} [keyPointTerms]  per key point: terms, each "alternative | alternative"
 *   (a term starting with "!" lists phrasings that must not appear), or null
 * @returns {{ covered: boolean[], count: number }}
 */
export function matchKeyPoints(answer, keyPoints, keyPointTerms = []) {
  const clauses = tokenise(answer);
  const inClauses = clauses.flatMap((token, index) => (token === CLAUSE_BREAK ? [] : [index]));
  const tokens = inClauses.map((index) => clauses[index]);
  const present = new Set(tokens.map(exact));
  const covered = keyPoints.map((point, index) => {
    const terms = keyPointTerms[index];
    if (terms) {
      const found = (term) => alternatives(term).some((parts) => contains({ words: tokens, clauses, inClauses }, parts));
      return terms.every((term) => (isExclusion(term) ? !found(term) : found(term)));
    }
    const own = [
      ...new Set(
        words(point)
          .filter((token) => token !== 'not')
          .map(exact),
      ),
    ];
    if (own.length === 0) return false;
    return own.filter((word) => present.has(word)).length / own.length >= matcherSettings.wordShare;
  });
  return { covered, count: covered.filter(Boolean).length };
}

/** The alternatives of a term that reduce to no word at all (only common words): the deck validator refuses them. */
export function emptyAlternatives(term) {
  return termBody(term)
    .split('|')
    .map((alternative) => alternative.trim())
    .filter((alternative) => alternative.split(IN_ORDER).some((part) => words(part).length === 0));
}

/**
 * The grade a typed answer suggests (the learner may choose another): every key point, Good; at
 * least half, Hard; fewer, Again. Easy is the learner's own call. A hint caps the suggestion at Hard.
 * @param {{ covered: number, total: number, hintsUsed: number }} tally
 * @returns {1 | 2 | 3}  Rating.Again, Hard or Good
 */
export function suggestGrade({ covered, total, hintsUsed }) {
  const share = total === 0 ? 0 : covered / total;
  const grade = share >= 1 ? 3 : share >= 0.5 ? 2 : 1;
  return hintsUsed > 0 && grade === 3 ? 2 : grade;
}
