// The course-platform layer in node: finding the LMS, the standing (checked answers apart from
// self-grades), suspend data within SCORM 1.2's 4,096 characters, each standard's interaction
// records within its limits (SCORM 2004's through scorm-again's run-time), xAPI statements against
// the 1.0.3 rules, and the packages' manifests.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Scorm2004API } from 'scorm-again/scorm2004';
import { findScormApi } from '../../dist/lms/launch.js';
import {
  ANSWERS_FOR_COMPLETION,
  CHECKED_ANSWERS_FOR_SUCCESS,
  addAnswer,
  answerScore,
  emptyStanding,
  foldOldest,
  meanOf,
  reportOf,
} from '../../dist/lms/standing.js';
import { decodeSuspendData, encodeSuspendData, mergeProgress } from '../../dist/lms/suspend-data.js';
import { isoDuration, scorm12Interaction, scorm12Timespan, scorm2004Interaction, shapeOf } from '../../dist/lms/interactions.js';
import { createStatementBuilder } from '../../dist/lms/xapi.js';
import { SCHEMA_LOCATIONS } from '../../scripts/course-manifests.mjs';
import { launchPage, packageEntries } from '../../scripts/package-course.mjs';
import { scorm12Violations, xapiProblems } from './lms-rules.mjs';

const { gradeCard } = await import(new URL('../../dist/quiz/scheduler.js', import.meta.url));
const { emptyProgress, readProgress } = await import(new URL('../../dist/quiz/progress-schema.js', import.meta.url));

/** One answer of each kind the quiz reports (web/quiz/quiz-app.js, Answer). */
const answers = {
  computedRight: {
    kind: 'computed',
    cardId: 'computed-sin-entry',
    question: 'With $d = 64$, what is $PE(5, 0)$?',
    checked: true,
    correct: true,
    response: '-0.9589',
    values: [-0.9589],
    expected: -0.95892427,
    tolerance: 0.001,
    latencyMs: 8200,
  },
  computedWrongList: {
    kind: 'computed',
    cardId: 'computed-first-dims',
    question: 'The first four entries of $PE(3)$?',
    checked: true,
    correct: false,
    response: '0, 0, 0',
    values: [0, 0, 0],
    expected: [0.14112, -0.98999, 0.29552, 0.95534],
    tolerance: 0.001,
    latencyMs: 30000,
  },
  computedGibberish: {
    kind: 'computed',
    cardId: 'computed-ntk-base',
    question: 'NTK base?',
    checked: true,
    correct: false,
    response: 'no idea',
    values: undefined,
    expected: 25100.4,
    tolerance: 1,
    latencyMs: 4000,
  },
  redFlag: {
    kind: 'red-flag',
    cardId: 'rope-basics',
    question: 'True or false: RoPE handles any length.',
    checked: true,
    correct: true,
    response: 'false',
    expected: false,
    latencyMs: 3100,
  },
  mock: {
    kind: 'mock-interview',
    cardId: 'learned-past-end',
    question: 'What happens to a learned table past its end?',
    checked: true,
    correct: false,
    score: 0.5,
    steps: { key_points_said: 2, key_points: 4, red_flags_said: 0 },
    response: '2 of 4 key points, 0 red flags',
    latencyMs: 75000,
  },
  selfGraded: {
    kind: 'review',
    cardId: 'seed-question',
    question: 'What happens beyond the trained length?',
    checked: false,
    correct: true,
    response: 'Easy',
    latencyMs: 12000,
  },
};

describe('finding the LMS', () => {
  test('SCORM 2004 is preferred, then SCORM 1.2, in the window, a parent or the opener', () => {
    const API = { LMSInitialize() {} };
    const API_1484_11 = { Initialize() {} };
    const top = { API };
    top.parent = top;
    const frame = { parent: { parent: top } };
    assert.deepEqual(findScormApi(frame), { version: '1.2', api: API });
    top.API_1484_11 = API_1484_11;
    assert.deepEqual(findScormApi(frame), { version: '2004', api: API_1484_11 });
    const lonely = {};
    lonely.parent = lonely;
    assert.equal(findScormApi(lonely), null);
    const popup = { opener: frame };
    popup.parent = popup;
    assert.equal(findScormApi(popup).api, API_1484_11);
  });

  test('a cross-origin parent that throws on access is skipped, not fatal', () => {
    const hostile = {};
    for (const name of ['API', 'API_1484_11'])
      Object.defineProperty(hostile, name, {
        get() {
          throw new Error('SecurityError');
        },
      });
    hostile.parent = hostile;
    assert.equal(findScormApi({ parent: hostile }), null);
  });
});

describe('the standing', () => {
  test('checked answers make the score, latest result per item; self-grades stay apart', () => {
    let standing = emptyStanding();
    for (let i = 0; i < 10; i++) standing = addAnswer(standing, answers.selfGraded, i);
    assert.equal(reportOf(standing, 0.7).score, null, 'ten Easy self-grades give no score');
    assert.equal(reportOf(standing, 0.7).selfGradedScore, 1);
    standing = addAnswer(standing, answers.computedWrongList, 20);
    standing = addAnswer(standing, answers.computedRight, 21);
    assert.equal(reportOf(standing, 0.7).score, 0.5);
    standing = addAnswer(standing, { ...answers.computedWrongList, correct: true }, 22);
    assert.equal(reportOf(standing, 0.7).score, 1, 'the same card answered again replaces its earlier result');
    standing = addAnswer(standing, answers.mock, 23);
    assert.equal(reportOf(standing, 0.7).score, 2.5 / 3, 'a mock interview counts with its partial score');
  });

  test('an answer scores its partial score clamped to 0..1, else 1 when right and 0 when wrong', () => {
    assert.equal(answerScore(answers.mock), 0.5);
    assert.equal(answerScore({ ...answers.mock, score: 1.4 }), 1);
    assert.equal(answerScore({ ...answers.mock, score: -0.2 }), 0);
    assert.equal(answerScore({ ...answers.mock, score: Number.NaN, correct: true }), 1, 'a score that is no number falls back to right or wrong');
    assert.equal(answerScore(answers.computedRight), 1);
    assert.equal(answerScore(answers.computedWrongList), 0);
    assert.equal(answerScore(answers.selfGraded), 1, 'a self-grade counts as right or wrong too (kept apart by the standing)');
  });

  test('completion after ten answers of any kind; passed or failed only after ten checked ones, and only with a mastery score', () => {
    let standing = emptyStanding();
    for (let i = 0; i < ANSWERS_FOR_COMPLETION - 1; i++) standing = addAnswer(standing, answers.selfGraded, i);
    assert.deepEqual(reportOf(standing, 0.7), { score: null, selfGradedScore: 1, completion: 'incomplete', success: 'unknown' });
    standing = addAnswer(standing, answers.computedRight, 10);
    assert.equal(reportOf(standing, 0.7).completion, 'completed');
    assert.equal(reportOf(standing, 0.7).success, 'unknown', 'one checked answer is not enough to judge');
    for (let i = 1; i < CHECKED_ANSWERS_FOR_SUCCESS; i++) standing = addAnswer(standing, { ...answers.redFlag, cardId: `card-${i}`, correct: i < 6 }, 10 + i);
    assert.equal(reportOf(standing, 0.7).score, 0.6);
    assert.equal(reportOf(standing, 0.7).success, 'failed');
    assert.equal(reportOf(standing, 0.6).success, 'passed', 'at the mastery score exactly: passed');
    assert.equal(reportOf(standing, null).success, 'unknown');
  });

  test('folding old items keeps the score exactly', () => {
    let standing = emptyStanding();
    for (let i = 0; i < 50; i++) standing = addAnswer(standing, { ...answers.redFlag, cardId: `card-${i}`, correct: i % 3 !== 0 }, i);
    const folded = foldOldest(standing, 7);
    assert.equal(Object.keys(folded.checked.items).length, 7);
    assert.ok(Math.abs(meanOf(folded.checked) - meanOf(standing.checked)) < 1e-12);
    assert.deepEqual(Object.keys(folded.checked.items).sort(), Array.from({ length: 7 }, (_, i) => `red-flag:card-${49 - i}`).sort(), 'the newest are kept');
  });
});

/** Progress of a learner who graded `cards` cards `rounds` times each, a day apart. */
function graded(cards, rounds) {
  let progress = emptyProgress();
  const start = Date.parse('2026-09-01T08:00:00Z');
  for (let round = 0; round < rounds; round++) {
    for (let c = 0; c < cards; c++)
      progress = gradeCard(
        progress,
        `card-number-${c}-with-a-long-kebab-id`,
        1 + ((c + round) % 4),
        new Date(start + (round * 86400 + c * 60) * 1000),
      ).progress;
  }
  return progress;
}

describe('suspend data', () => {
  test('round trip: schedules, log and standing come back (dates to the second)', async () => {
    const progress = graded(12, 3);
    let standing = emptyStanding();
    for (const [i, answer] of Object.values(answers).entries()) standing = addAnswer(standing, answer, Date.parse('2026-09-02T10:00:00Z') + i * 1000);
    const { text, kept, total } = await encodeSuspendData({ progress, standing }, 4096);
    assert.deepEqual(kept, { cards: total.cards, log: total.log, items: 5 });
    const back = await decodeSuspendData(text);
    const read = readProgress(back.progress);
    assert.deepEqual(read.setAside, [], 'the decoded progress passes the stored-progress checks');
    assert.deepEqual({ ...read.progress, cards: { ...read.progress.cards } }, { ...progress, cards: { ...progress.cards } });
    assert.deepEqual(back.standing, standing);
  });

  test("the shipped decks, every card graded for months, fit in SCORM 1.2's 4,096 characters; what goes first is the oldest", async () => {
    const cardCount = ['core', 'computed', 'foundations', 'rotary-and-beyond'].reduce(
      (sum, id) => sum + JSON.parse(readFileSync(new URL(`../../web/decks/${id}.json`, import.meta.url), 'utf8')).cards.length,
      0,
    );
    const progress = graded(cardCount, 60);
    let standing = emptyStanding();
    for (let i = 0; i < cardCount * 3; i++)
      standing = addAnswer(
        standing,
        { ...answers.redFlag, kind: ['computed', 'red-flag', 'mock-interview'][i % 3], cardId: `c${Math.floor(i / 3)}`, correct: i % 4 !== 0 },
        i * 1000,
      );
    const { text, kept, total } = await encodeSuspendData({ progress, standing }, 4096);
    assert.ok(text.length <= 4096, `${text.length} characters`);
    assert.equal(kept.cards, total.cards, `every card's schedule is kept (${total.cards})`);
    assert.ok(kept.log > 0 && kept.log < total.log, `the newest log entries are kept (${kept.log} of ${total.log})`);
    const back = await decodeSuspendData(text);
    assert.deepEqual(
      back.progress.log,
      progress.log.slice(-kept.log).map((entry) => ({ ...entry, review: new Date(Math.round(Date.parse(entry.review) / 1000) * 1000).toISOString() })),
    );
    assert.ok(Math.abs(meanOf(back.standing.checked) - meanOf(standing.checked)) < 1e-3, 'the score survives');
  });

  test('with room for almost nothing, the oldest schedules go and the standing folds, its score unchanged', async () => {
    const progress = graded(40, 2);
    let standing = emptyStanding();
    for (let i = 0; i < 200; i++) standing = addAnswer(standing, { ...answers.redFlag, cardId: `card-${i}`, correct: i % 5 !== 0 }, i * 1000);
    const { text, kept } = await encodeSuspendData({ progress, standing }, 600);
    assert.ok(text.length <= 600);
    assert.equal(kept.log, 0);
    assert.equal(kept.cards, 0);
    const back = await decodeSuspendData(text);
    assert.ok(Math.abs(meanOf(back.standing.checked) - 0.8) < 1e-3);
    assert.equal(back.standing.checked.answers, 200);
  });

  test('anything else is refused with a TypeError, and merging keeps the latest review of each card', async () => {
    await assert.rejects(decodeSuspendData('viewed=1,2,3|lastslide=4'), TypeError);
    await assert.rejects(decodeSuspendData('pj1:{"v":2}'), TypeError);
    const older = graded(3, 1);
    const newer = graded(3, 2);
    const merged = mergeProgress(older, newer);
    assert.deepEqual(merged.cards, newer.cards);
    assert.equal(merged.log.length, newer.log.length, 'no entry twice');
    assert.deepEqual(mergeProgress(newer, older).cards, newer.cards);
  });
});

describe('interaction records', () => {
  const at = new Date('2026-09-02T10:11:12Z');

  test('each kind of answer has its interaction shape: type, result, response and the correct response', () => {
    assert.deepEqual(shapeOf(answers.computedRight), {
      type: 'numeric',
      result: 'correct',
      response: { kind: 'number', value: -0.9589 },
      correct: { kind: 'range', low: -0.95892427 - 0.001, high: -0.95892427 + 0.001 },
    });
    assert.deepEqual(shapeOf(answers.computedWrongList), {
      type: 'fill-in',
      result: 'wrong',
      response: { kind: 'numbers', value: [0, 0, 0] },
      correct: { kind: 'numbers', value: [0.14112, -0.98999, 0.29552, 0.95534] },
    });
    assert.deepEqual(
      shapeOf(answers.computedGibberish),
      { type: 'fill-in', result: 'wrong', response: { kind: 'text', value: 'no idea' }, correct: { kind: 'numbers', value: [25100.4] } },
      'an answer that reads as no number is kept as text',
    );
    assert.deepEqual(shapeOf(answers.redFlag), {
      type: 'true-false',
      result: 'correct',
      response: { kind: 'boolean', value: false },
      correct: { kind: 'boolean', value: false },
    });
    assert.deepEqual(shapeOf(answers.mock), {
      type: 'performance',
      result: 0.5,
      response: {
        kind: 'steps',
        value: [
          ['key_points_said', 2],
          ['key_points', 4],
          ['red_flags_said', 0],
        ],
      },
      correct: null,
    });
    assert.deepEqual(
      shapeOf(answers.selfGraded),
      { type: 'other', result: 'neutral', response: { kind: 'text', value: 'Easy' }, correct: null },
      'a self-grade is judged by nobody',
    );
  });

  test("SCORM 1.2: every kind of answer within the standard's types and 255-character limits", () => {
    const long = { ...answers.computedGibberish, cardId: 'x'.repeat(300), response: 'y'.repeat(400) };
    for (const [name, answer] of Object.entries({ ...answers, long })) {
      const values = Object.fromEntries(scorm12Interaction(answer, at).map(([field, value]) => [`cmi.interactions.0.${field}`, value]));
      assert.deepEqual(scorm12Violations(values), [], name);
    }
    const record = Object.fromEntries(scorm12Interaction(answers.computedRight, at));
    assert.equal(record.type, 'numeric');
    assert.equal(record.student_response, '-0.9589');
    assert.equal(record.result, 'correct');
    assert.equal(record['objectives.0.id'], 'checked-answers');
    assert.equal(record.latency, '0000:00:08.20');
    assert.equal(Object.fromEntries(scorm12Interaction(answers.redFlag, at)).student_response, 'f');
    const self = Object.fromEntries(scorm12Interaction(answers.selfGraded, at));
    assert.deepEqual([self.type, self.result, self['objectives.0.id']], ['performance', 'neutral', 'self-graded-reviews']);
    assert.equal(Object.fromEntries(scorm12Interaction(answers.computedGibberish, at)).type, 'fill-in', 'an answer that is no number is kept as text');
  });

  test("SCORM 2004: scorm-again's run-time takes every field with no error", () => {
    const api = new Scorm2004API({ logLevel: 5 });
    assert.equal(api.Initialize(''), 'true');
    Object.values(answers).forEach((answer, n) => {
      for (const [field, value] of scorm2004Interaction(answer, at, 'https://courses.example.edu/posenc/')) {
        api.SetValue(`cmi.interactions.${n}.${field}`, value);
        assert.equal(api.GetLastError(), '0', `${answer.kind} ${field} = ${value}: ${api.GetErrorString(api.GetLastError())}`);
      }
    });
    const record = Object.fromEntries(scorm2004Interaction(answers.computedRight, at, 'urn:posenc:'));
    assert.equal(record.correct_responses?.['0'], undefined);
    assert.equal(record['correct_responses.0.pattern'], '-0.9599243[:]-0.9579243', 'the right answer with its tolerance, as a range');
    assert.equal(record.result, 'correct');
    assert.equal(Object.fromEntries(scorm2004Interaction(answers.computedWrongList, at, 'urn:posenc:')).result, 'incorrect');
    assert.equal(
      Object.fromEntries(scorm2004Interaction(answers.mock, at, 'urn:posenc:')).learner_response,
      'key_points_said[.]2[,]key_points[.]4[,]red_flags_said[.]0',
    );
  });

  test('durations: SCORM 1.2 timespans and ISO 8601', () => {
    assert.equal(scorm12Timespan(0), '0000:00:00.00');
    assert.equal(scorm12Timespan(3723456), '0001:02:03.46');
    assert.equal(isoDuration(3723456), 'PT1H2M3.46S');
    assert.equal(isoDuration(450), 'PT0.45S');
  });
});

describe('xAPI statements', () => {
  const actor = { objectType: 'Agent', account: { homePage: 'https://lms.example.edu', name: 'learner-7' } };
  const builder = createStatementBuilder({ actor, iriBase: 'https://courses.example.edu/posenc/' });

  test('answered, experienced and completed statements follow the xAPI 1.0.3 rules', () => {
    const statements = [
      ...Object.values(answers).map((answer) => builder.answered(answer, { view: 'quiz', viewName: 'Flash cards' })),
      builder.experienced('position', 'Position 5,000'),
      builder.completed(0.8, 600000),
      builder.completed(null, 1000),
    ];
    for (const statement of statements) assert.deepEqual(xapiProblems(statement), [], JSON.stringify(statement));
  });

  test('an answered statement carries the interaction type, response, correct pattern, duration and the view', () => {
    const statement = builder.answered(answers.computedRight, { view: 'quiz', viewName: 'Flash cards' });
    assert.equal(statement.object.id, 'https://courses.example.edu/posenc/cards/computed-sin-entry');
    assert.equal(statement.object.definition.interactionType, 'numeric');
    assert.deepEqual(statement.object.definition.correctResponsesPattern, ['-0.9599243[:]-0.9579243']);
    assert.equal(statement.result.response, '-0.9589');
    assert.equal(statement.result.success, true);
    assert.equal(statement.result.duration, 'PT8.2S');
    assert.equal(statement.context.contextActivities.parent[0].id, 'https://courses.example.edu/posenc/views/quiz');
    const self = builder.answered(answers.selfGraded);
    assert.equal(self.object.definition.interactionType, 'other');
    assert.equal('success' in self.result, false, 'a self-grade is not judged');
    assert.equal(self.result.extensions['https://courses.example.edu/posenc/extensions/checked'], false);
  });

  test('the validator does catch a broken statement', () => {
    const broken = builder.answered(answers.redFlag);
    broken.result.duration = '3 seconds';
    broken.verb.id = 'answered';
    assert.equal(xapiProblems(broken).length >= 2, true);
  });
});

describe('packages', () => {
  test('the launch page names the IRI base and lets only the given LRS origins in', () => {
    const html = readFileSync(new URL('../../dist/index.html', import.meta.url), 'utf8');
    const page = launchPage(html, { iriBase: 'https://courses.example.edu/posenc/', lrsOrigins: ['https://lrs.example.org'] });
    assert.match(page, /<meta name="posenc-iri-base" content="https:\/\/courses\.example\.edu\/posenc\/">/);
    assert.match(page, /connect-src 'self' https:\/\/lrs\.example\.org;/);
    assert.throws(() => launchPage(html, { iriBase: 'urn:posenc:', lrsOrigins: ['https://lrs.example.org/xapi/'] }), RangeError);
  });

  test('each package holds its manifest, the schema files it names and the whole built site', () => {
    const dist = readFileSync(new URL('../../dist/index.html', import.meta.url), 'utf8');
    for (const [format, manifest] of [
      ['scorm12', 'imsmanifest.xml'],
      ['scorm2004', 'imsmanifest.xml'],
      ['cmi5', 'cmi5.xml'],
    ]) {
      const entries = packageEntries(format);
      for (const file of [manifest, 'index.html', 'app.js', 'posenc.wasm', 'embed.js', 'trainer-worker.js']) assert.ok(entries[file], `${format}: ${file}`);
      const text = new TextDecoder().decode(entries[manifest]);
      for (const [, schema] of SCHEMA_LOCATIONS[format]) assert.ok(entries[schema], `${format}: ${schema}`);
      // The resource lists the site's files; the schema files serve the manifest and are not part of it.
      const schemaFile = /\.(xsd|dtd)$/;
      if (manifest === 'imsmanifest.xml')
        for (const file of Object.keys(entries).filter((name) => name !== manifest && !schemaFile.test(name)))
          assert.ok(text.includes(`href="${file}"`), `${format} lists ${file}`);
      assert.notEqual(new TextDecoder().decode(entries['index.html']), dist, 'the launch page carries the IRI base');
    }
  });
});
