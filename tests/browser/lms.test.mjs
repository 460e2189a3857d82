// Course platforms in Chromium, each run by a stand-in LMS (tests/browser/lms-host.mjs) that
// launches the real package: SCORM 1.2 and SCORM 2004 through scorm-again's run-times in a
// frameset, cmi5 against an LRS that checks every statement against the cmi5 and xAPI rules; and
// ?xapi=parent statements in a host page. A learner answers, leaves, and relaunches on another
// computer (a fresh browser profile): progress, position and score come back from the platform.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openSite } from './browser.mjs';
import { startHost } from './host.mjs';
import { cmi5LaunchUrl, keptForNextLaunch, scormLaunchUrl, startLms } from './lms-host.mjs';
import { scorm12Violations, xapiProblems } from '../js/lms-rules.mjs';
import { MASTERY_SCORE } from '../../scripts/course-manifests.mjs';

const { gradeCard, Rating } = await import(new URL('../../dist/quiz/scheduler.js', import.meta.url));
const { STORAGE_KEY } = await import(new URL('../../dist/quiz/progress-store.js', import.meta.url));
const { emptyProgress } = await import(new URL('../../dist/quiz/progress-schema.js', import.meta.url));
const { decodeSuspendData } = await import(new URL('../../dist/lms/suspend-data.js', import.meta.url));

const decks = JSON.parse(readFileSync('web/decks/index.json', 'utf8')).decks.map((id) => JSON.parse(readFileSync(`web/decks/${id}.json`, 'utf8')));
const allCards = decks.flatMap((deck) => deck.cards);

/** Progress in which every card but the computed ones was reviewed yesterday and is not due: Review's new cards are then computed cards. */
function progressLeavingComputedCardsNew() {
  let progress = emptyProgress();
  const yesterday = new Date(Date.now() - 86400000);
  for (const card of allCards.filter((entry) => !entry.computed)) progress = gradeCard(progress, card.id, Rating.Easy, yesterday).progress;
  return JSON.stringify({ ...progress, log: [] }); // no log: yesterday's grades do not use up today's new cards
}

let site;
before(async () => {
  site = await openSite();
});
after(async () => {
  await site?.close();
});

/** The posenc frame of a launched LMS page, once the page is ready. */
async function courseFrame(page) {
  await page.waitForFunction(() => window.frames.length > 0);
  const frame = () => page.frames().find((candidate) => candidate.url().includes('/course/index.html'));
  await page.waitForFunction(
    () => [...document.querySelectorAll('frame, iframe')].some((f) => f.contentDocument?.documentElement.dataset.ready === 'true'),
    null,
    { timeout: 30_000 },
  );
  return frame();
}

/** Answers the computed card Review shows with `typed`, then grades it; returns whether the check said right. */
async function answerComputedCard(frame, typed, rating) {
  const input = frame.locator('#card-answer:not([readonly])');
  await input.waitFor({ timeout: 30_000 });
  await input.fill(typed);
  await input.press('Enter');
  const correct = await frame.locator('.computed-result').evaluate((element) => element.classList.contains('correct'));
  await gradeAndWaitForNextCard(frame, rating);
  return correct;
}

/** Grades the card on screen, then waits until Review has replaced it, so the next answer never acts on the old card's controls. */
async function gradeAndWaitForNextCard(frame, rating) {
  const question = await frame.locator('#card-question').textContent();
  await frame.locator(`.grade-bar button[data-rating="${rating}"]`).click();
  await frame.waitForFunction((previous) => document.getElementById('card-question')?.textContent !== previous, question);
}

/**
 * Answers whatever card Review shows: a computed card is answered "0" and checked, any other is
 * flipped; then graded. Returns { kind: 'checked', correct } or { kind: 'self-graded' }.
 */
async function answerReviewCard(frame, rating) {
  // A card is on screen (not the loading message) and ready: a tiered card to flip, or a computed card's answer box.
  await frame.waitForFunction(
    () =>
      document.getElementById('card')?.dataset.cardId
      && (!document.getElementById('card-flip').disabled || document.querySelector('#card-answer:not([readonly])')),
  );
  if (await frame.locator('#card-answer:not([readonly])').count()) return { kind: 'checked', correct: await answerComputedCard(frame, '0', rating) };
  await frame.locator('#card-flip').click();
  await gradeAndWaitForNextCard(frame, rating);
  return { kind: 'self-graded' };
}

/** Mock interviews (three questions each) in which the learner ticks every key point: `answers` checked answers scoring 100. */
async function sayEveryKeyPoint(frame, answers) {
  await frame.locator('button[data-mode="mock"]').click();
  for (let answered = 0; answered < answers; answered++) {
    if (answered % 3 === 0) await frame.locator('#mock-start').click();
    await frame.locator('#mock-reveal').click();
    for (const box of await frame.locator('input[data-kind="key"]').all()) await box.check();
    await frame.locator('#mock-score').click();
  }
}

/** The learner closes the course: the LMS takes the content frame away (its pagehide ends the session). */
async function closeCourse(page) {
  await page.evaluate(() => {
    document.querySelector('frame[name="content"]').src = 'about:blank';
  });
  await page.waitForFunction(() => window.lms.calls.some((call) => call === 'LMSFinish' || call === 'Terminate'));
  return page.evaluate(() => window.lms);
}

test('the LMS score comes from checked answers: ten Easy self-grades on computed cards answered "0" do not make 100', async () => {
  const lms = await startLms('scorm12');
  try {
    const page = await site.page.context().newPage();
    const seeded = progressLeavingComputedCardsNew();
    await page.addInitScript(
      ([key, value]) => {
        if (location.pathname.startsWith('/course/')) localStorage.setItem(key, value);
      },
      [STORAGE_KEY, seeded],
    );
    await page.goto(scormLaunchUrl(lms, { 'cmi.student_data.mastery_score': '70' }));
    const frame = await courseFrame(page);
    let right = 0;
    for (let i = 0; i < 10; i++) if (await answerComputedCard(frame, '0', Rating.Easy)) right++;
    const { values, errors } = await page.evaluate(() => window.lms);
    assert.ok(right <= 2, `"0" is wrong for almost every card (${right} right)`);
    assert.equal(values['cmi.core.score.raw'], String(Math.round((100 * right) / 10)), 'the score is the share the checks found right');
    assert.equal(values['cmi.core.lesson_status'], 'failed', 'ten checked answers under the mastery score: failed');
    assert.equal(values['cmi.objectives.0.id'], 'checked-answers');
    assert.equal(values['cmi.objectives.1.id'], 'self-graded-reviews');
    assert.equal(values['cmi.objectives.1.status'], 'not attempted', 'the Easy grades of computed cards only schedule them');
    const types = Object.entries(values)
      .filter(([element]) => /^cmi\.interactions\.\d+\.type$/.test(element))
      .map(([, type]) => type);
    assert.equal(types.length, 10);
    assert.ok(
      types.every((type) => type === 'numeric' || type === 'fill-in'),
      types.join(),
    );
    assert.deepEqual(errors, []);
    assert.deepEqual(scorm12Violations(values), []);
    await page.close();
  } finally {
    await lms.close();
  }
});

test('SCORM 1.2 in a frameset: interactions, real session time, suspend; a relaunch on another computer resumes with the same score', async () => {
  const lms = await startLms('scorm12');
  let second;
  try {
    // Launch 1: two reviews (self-graded, or checked where the card is a computed one) and three
    // red-flag judgements, then the Encodings view.
    const page = await site.page.context().newPage();
    const launched = Date.now();
    await page.goto(scormLaunchUrl(lms, { 'cmi.student_data.mastery_score': '70' }));
    const frame = await courseFrame(page);
    const reviews = [await answerReviewCard(frame, Rating.Good), await answerReviewCard(frame, Rating.Good)];
    const newLeft = await frame.locator('#review-counts').textContent();
    await frame.locator('button[data-mode="red-flags"]').click();
    // The score counts each exercise on a card once, at its latest result (web/lms/standing.js): two
    // statements drawn from one card make one item. The card is known by the question shown.
    const flagResults = new Map();
    for (let i = 0; i < 3; i++) {
      const card = await frame.locator('.drill-context').textContent();
      await frame.locator('#red-flag-true').click();
      flagResults.set(card, (await frame.locator('.verdict.correct').count()) > 0);
      await frame.locator('#red-flag-next').click();
    }
    await frame.locator('.view-tabs a[data-view="encodings"]').evaluate((link) => link.click());
    await frame.waitForSelector('#view-encodings[data-ready="true"]', { timeout: 30_000 });
    await page.waitForTimeout(1200);
    const first = await closeCourse(page);
    const elapsed = (Date.now() - launched) / 1000;
    await page.close();

    const v = first.values;
    assert.deepEqual(first.errors, [], 'no SCORM error code in launch 1');
    assert.deepEqual(scorm12Violations(v), []);
    assert.equal(v['cmi.core.exit'], 'suspend');
    const [h, m, s] = v['cmi.core.session_time'].split(':').map(Number);
    const seconds = h * 3600 + m * 60 + s;
    assert.ok(seconds > 1 && seconds <= elapsed + 1, `session time ${v['cmi.core.session_time']} within the launch's ${elapsed.toFixed(1)} s`);
    assert.match(v['cmi.core.lesson_location'], /view=encodings/);
    assert.equal(v['cmi.core.lesson_status'], 'incomplete', 'five answers: not yet complete');
    const checkedReviews = reviews.filter(({ kind }) => kind === 'checked');
    const checkedRight = [...flagResults.values()].filter(Boolean).length + checkedReviews.filter(({ correct }) => correct).length;
    assert.equal(
      v['cmi.core.score.raw'],
      String(Math.round((100 * checkedRight) / (flagResults.size + checkedReviews.length))),
      'score from the checked answers only, each card once',
    );
    const interactions = Object.entries(v)
      .filter(([element]) => /^cmi\.interactions\.\d+\.type$/.test(element))
      .map(([, type]) => type);
    assert.deepEqual(interactions.slice(-3), ['true-false', 'true-false', 'true-false']);
    assert.equal(interactions.length, 5);
    reviews.forEach(({ kind }, n) => {
      assert.equal(v[`cmi.interactions.${n}.objectives.0.id`], kind === 'checked' ? 'checked-answers' : 'self-graded-reviews');
      if (kind === 'self-graded')
        assert.deepEqual([v[`cmi.interactions.${n}.type`], v[`cmi.interactions.${n}.result`]], ['performance', 'neutral'], 'a self-grade is not judged');
    });
    assert.equal(v['cmi.interactions.2.objectives.0.id'], 'checked-answers');
    const kept = await decodeSuspendData(v['cmi.suspend_data']);
    assert.equal(Object.keys(kept.progress.cards).length, 2, 'the two reviewed cards travel in the suspend data');

    // Launch 2, another computer (a fresh profile): the view, the progress and the score come back.
    second = await openSite();
    const page2 = await second.page.context().newPage();
    await page2.goto(scormLaunchUrl(lms, keptForNextLaunch('1.2', v, MASTERY_SCORE)));
    const frame2 = await courseFrame(page2);
    assert.match(frame2.url(), /view=encodings/, 'the learner is back in the Encodings view');
    let again = await page2.evaluate(() => window.lms.values);
    assert.equal(again['cmi.core.score.raw'], v['cmi.core.score.raw'], "the score before any new answer is the last launch's");
    await frame2.locator('.view-tabs a[data-view="quiz"]').evaluate((link) => link.click());
    await frame2.waitForSelector('#quiz[data-ready="true"]');
    assert.equal(await frame2.locator('#review-counts').textContent(), newLeft, 'the two reviewed cards are not new again');
    const { kind } = await answerReviewCard(frame2, Rating.Again);
    again = await page2.evaluate(() => window.lms.values);
    if (kind === 'self-graded') assert.equal(again['cmi.core.score.raw'], v['cmi.core.score.raw'], 'an Again self-grade leaves the score alone');
    const last = await closeCourse(page2);
    assert.deepEqual(last.errors, [], 'no SCORM error code in launch 2');
    assert.deepEqual(scorm12Violations(last.values), []);
    const kept2 = await decodeSuspendData(last.values['cmi.suspend_data']);
    assert.equal(Object.keys(kept2.progress.cards).length, 3);
    assert.equal(kept2.standing.checked.answers + kept2.standing.selfGraded.answers, 6, 'answers of both launches');
  } finally {
    await second?.close();
    await lms.close();
  }
});

test('suspend data in another format is set aside in the browser, and the course starts as new', async () => {
  const lms = await startLms('scorm12');
  try {
    const page = await site.page.context().newPage();
    const foreign = 'viewed=1,2,3|lastslide=4';
    await page.goto(scormLaunchUrl(lms, { 'cmi.core.entry': 'resume', 'cmi.suspend_data': foreign, 'cmi.core.lesson_location': '?view=quiz' }));
    const frame = await courseFrame(page);
    assert.equal(await frame.evaluate(() => localStorage.getItem('posenc.lms.suspend-data.backup')), foreign);
    assert.deepEqual(await page.evaluate(() => window.lms.errors), []);
    await page.close();
  } finally {
    await lms.close();
  }
});

test('SCORM 2004 4th edition: scaled score, success and completion, interactions, suspend data and resume, no error code', async () => {
  const lms = await startLms('scorm2004');
  try {
    const page = await site.page.context().newPage();
    await page.goto(scormLaunchUrl(lms, { 'cmi.scaled_passing_score': String(MASTERY_SCORE) }));
    const frame = await courseFrame(page);
    await sayEveryKeyPoint(frame, 12);
    const { values: v, errors } = await closeCourse(page);
    await page.close();
    assert.deepEqual(errors, [], 'scorm-again reports no error');
    assert.equal(v['cmi.score.scaled'], '1');
    assert.equal(v['cmi.success_status'], 'passed', 'twelve checked answers at the mastery score or above');
    assert.equal(v['cmi.completion_status'], 'completed');
    assert.equal(v['cmi.exit'], 'suspend');
    assert.match(v['cmi.session_time'], /^PT(\d+H)?(\d+M)?\d+(\.\d+)?S$/);
    assert.equal(v['cmi.interactions.0.type'], 'performance');
    assert.equal(v['cmi.interactions.0.result'], '1');
    assert.match(v['cmi.interactions.0.id'], /^https:\/\/courses\.example\.edu\/posenc\/cards\//);
    assert.equal(v['cmi.objectives.0.id'], 'https://courses.example.edu/posenc/objectives/checked-answers');
    assert.ok(v['cmi.suspend_data'].length <= 64000);

    const page2 = await site.page.context().newPage();
    await page2.goto(scormLaunchUrl(lms, keptForNextLaunch('2004', v, MASTERY_SCORE)));
    await courseFrame(page2);
    const resumed = await page2.evaluate(() => window.lms);
    assert.equal(resumed.values['cmi.score.scaled'], '1', 'the standing is back before any answer');
    assert.equal(resumed.values['cmi.success_status'], 'passed');
    const last = await closeCourse(page2);
    assert.deepEqual(last.errors, []);
    await page2.close();
  } finally {
    await lms.close();
  }
});

test("cmi5: every statement passes the LRS's cmi5 and xAPI checks; completed and passed once per registration; resume; the return URL", async () => {
  const lms = await startLms('cmi5');
  try {
    const actor = { objectType: 'Agent', account: { homePage: 'https://lms.example.edu', name: 'learner-42' } };
    const launch = { actor, registration: '8c3d6f7e-1a2b-4c5d-9e8f-0a1b2c3d4e5f', activityId: 'https://lms.example.edu/activities/posenc-au-7' };
    const page = await site.page.context().newPage();
    await page.goto(cmi5LaunchUrl(lms, launch));
    await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
    await sayEveryKeyPoint(page, 12);
    await page.locator('#lms-exit').click();
    await page.waitForSelector('#returned', { timeout: 10_000 });
    assert.deepEqual(lms.lrs.checker.endSession(), []);
    const verbs = lms.lrs.statements.map((statement) => statement.verb.display['en-US']);
    assert.equal(verbs[0], 'initialized');
    assert.equal(verbs.at(-1), 'terminated');
    assert.equal(verbs.filter((verb) => verb === 'answered').length, 12);
    assert.equal(verbs.filter((verb) => verb === 'completed').length, 1);
    assert.equal(verbs.filter((verb) => verb === 'passed').length, 1);
    assert.ok(verbs.includes('experienced'));

    // Launch 2 (a new session of the same registration, on another computer): progress is back, nothing is judged twice.
    const before = lms.lrs.statements.length;
    const second = await openSite();
    try {
      const page2 = second.page;
      await page2.goto(cmi5LaunchUrl(lms, launch));
      await page2.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
      await page2.locator('button[data-mode="red-flags"]').click();
      await page2.locator('#red-flag-true').click();
      await page2.locator('#lms-exit').click();
      await page2.waitForSelector('#returned', { timeout: 10_000 });
    } finally {
      await second.close();
    }
    assert.deepEqual(lms.lrs.checker.endSession(), []);
    const secondVerbs = lms.lrs.statements.slice(before).map((statement) => statement.verb.display['en-US']);
    assert.deepEqual(
      secondVerbs.filter((verb) => !['experienced'].includes(verb)),
      ['initialized', 'answered', 'terminated'],
    );
    assert.deepEqual(lms.lrs.problems, []);
    await page.close();
  } finally {
    await lms.close();
  }
});

test('cmi5 in Browse mode: answers are recorded as allowed statements, nothing is judged', async () => {
  const lms = await startLms('cmi5');
  try {
    const actor = { objectType: 'Agent', account: { homePage: 'https://lms.example.edu', name: 'learner-43' } };
    const page = await site.page.context().newPage();
    await page.goto(
      cmi5LaunchUrl(lms, {
        actor,
        registration: '0f4a2b6c-3d5e-4f70-8a91-b2c3d4e5f601',
        activityId: 'https://lms.example.edu/activities/posenc-au-8',
        launchMode: 'Browse',
      }),
    );
    await page.waitForSelector('html[data-ready="true"]', { timeout: 30_000 });
    await sayEveryKeyPoint(page, 12);
    await page.locator('#lms-exit').click();
    await page.waitForSelector('#returned', { timeout: 10_000 });
    assert.deepEqual(lms.lrs.checker.endSession(), []);
    assert.deepEqual(lms.lrs.problems, []);
    const verbs = new Set(lms.lrs.statements.map((statement) => statement.verb.display['en-US']));
    assert.deepEqual([...verbs].sort(), ['answered', 'experienced', 'initialized', 'terminated']);
    await page.close();
  } finally {
    await lms.close();
  }
});

test("?xapi=parent: statements that follow the xAPI 1.0.3 rules reach the host page, from posenc's origin", async () => {
  const frameUrl = `${site.url}?view=quiz&embed=1&xapi=parent&xapiBase=${encodeURIComponent('https://courses.example.edu/posenc/')}`;
  const host = await startHost({
    '/': {
      body: `<!doctype html><html lang="en"><title>host</title><iframe id="posenc" src="${frameUrl}" title="posenc" style="width:100%;height:900px"></iframe>`,
    },
  });
  try {
    const page = await site.page.context().newPage();
    await page.addInitScript(() => {
      window.received = [];
      window.addEventListener('message', (event) => {
        if (event.data?.type === 'posenc:xapi') window.received.push({ origin: event.origin, statement: event.data.statement });
      });
    });
    await page.goto(host.url('/'));
    const frame = page.frameLocator('#posenc');
    await frame.locator('html[data-ready="true"]').waitFor({ timeout: 30_000 });
    await frame.locator('button[data-mode="red-flags"]').click();
    for (let i = 0; i < 10; i++) {
      await frame.locator('#red-flag-true').click();
      await frame.locator('#red-flag-next').click();
    }
    const received = await page.evaluate(() => window.received);
    const statements = received.map(({ statement }) => statement);
    assert.ok(received.every(({ origin }) => origin === new URL(site.url).origin));
    const verbs = statements.map((statement) => statement.verb.display['en-US']);
    assert.equal(verbs.filter((verb) => verb === 'answered').length, 10);
    assert.equal(verbs.filter((verb) => verb === 'completed').length, 1);
    assert.equal(verbs[0], 'experienced', 'the view shown first');
    for (const statement of statements) assert.deepEqual(xapiProblems(statement), [], JSON.stringify(statement));
    const answered = statements.find((statement) => statement.verb.display['en-US'] === 'answered');
    assert.equal(answered.object.definition.interactionType, 'true-false');
    assert.match(answered.result.response, /^(true|false)$/);
    assert.match(answered.result.duration, /^PT/);
    assert.equal(answered.context.contextActivities.parent[0].id, 'https://courses.example.edu/posenc/views/quiz');
    assert.equal(answered.actor.account.homePage, host.origin, 'a placeholder actor, for the host to replace');
    await page.close();
  } finally {
    await host.close();
  }
});

test('with no platform and no xapi parameter nothing is posted or stored anywhere else', async () => {
  const page = await site.page.context().newPage();
  await page.goto(`${site.url}?view=quiz`);
  await page.waitForSelector('html[data-ready="true"]');
  const posted = await page.evaluate(() => {
    const seen = [];
    window.addEventListener('message', (event) => seen.push(event.data));
    return new Promise((resolve) => setTimeout(() => resolve(seen), 200));
  });
  assert.deepEqual(posted, []);
  assert.equal(await page.locator('#lms-exit').count(), 0);
  await page.close();
});
