// Mock interview: a question, a 20 s or 60 s countdown to answer aloud, then the answer tiers;
// the learner ticks the key points and red flags they said, gets a score and what to review next.
import { renderAnswerTiers } from './card-view.js';
import { seededRandom, shuffled } from './random.js';
import { cardsInScope, createScopePicker } from './scope.js';
import { addPractice } from './progress-model.js';
import { renderInline } from './render.js';
import { element } from '../dom.js';
import { routeLink } from '../route-link.js';

/**
 * Score of one answer: share of key points said, minus a quarter of the points for each red flag
 * said (a wrong claim costs more than a missing one earns), clamped to 0..100.
 * @param {{ keyPoints: number, said: number, redFlagsSaid: number }} tally
 */
export function mockScore({ keyPoints, said, redFlagsSaid }) {
  if (keyPoints === 0) return 0;
  return Math.max(0, Math.min(100, Math.round(100 * (said / keyPoints) - 25 * redFlagsSaid)));
}

/** The score from which an answer counts as correct (what a course platform records) and needs no review. */
export const MOCK_PASS_SCORE = 70;

const QUESTIONS_PER_SESSION = 3;

/** @param {import('./quiz-app.js').QuizContext} context */
export function createMockInterview(context) {
  const seconds = element(
    'select',
    [20, 60].map((value) => element('option', [`${value} seconds`], { attributes: { value: String(value) } })),
    { id: 'mock-seconds' },
  );
  const start = element('button', ['Start the interview'], { id: 'mock-start', attributes: { type: 'button' } });
  const stage = element('div', [], { className: 'mock-stage', id: 'mock-stage' });
  const picker = createScopePicker('mock-scope', () => {});
  const root = element('div', [
    element(
      'div',
      [
        picker.label,
        picker.select,
        element('label', ['Time to answer: '], { attributes: { for: 'mock-seconds' } }),
        seconds,
        start,
        element('span', [`${QUESTIONS_PER_SESSION} questions; answer each aloud, then tick what you said.`], { className: 'hint' }),
      ],
      { className: 'mode-bar' },
    ),
    stage,
  ]);
  let session = null;
  let timer = null;
  let askedAt = 0;

  function begin() {
    const pool = cardsInScope(context.cards(), picker.select.value || 'all').filter((card) => card.keyPoints && !card.computed);
    if (pool.length === 0) {
      stage.replaceChildren(element('p', ['No interview questions in this set: choose another.'], { className: 'hint' }));
      return;
    }
    session = { cards: shuffled(pool, seededRandom(Date.now())).slice(0, QUESTIONS_PER_SESSION), index: 0, results: [] };
    ask();
  }

  function ask() {
    const card = session.cards[session.index];
    askedAt = performance.now();
    let remaining = Number(seconds.value);
    const clock = element('p', [`${remaining} s`], { className: 'mock-clock', id: 'mock-clock', attributes: { role: 'timer', 'aria-label': 'Time left' } });
    const done = element('button', ['Reveal the answer (Space)'], { id: 'mock-reveal', attributes: { type: 'button' } });
    stage.replaceChildren(
      element(
        'div',
        [
          element('p', [`Question ${session.index + 1} of ${session.cards.length} · ${card.topic}`], { className: 'card-topic' }),
          element('p', [renderInline(card.question)], { className: 'card-question' }),
          clock,
        ],
        { className: 'card' },
      ),
      element('div', [done], { className: 'card-controls' }),
    );
    done.addEventListener('click', reveal);
    done.focus();
    context.announce(`Question ${session.index + 1}: you have ${remaining} seconds.`);
    clearInterval(timer);
    timer = setInterval(() => {
      remaining--;
      clock.textContent = `${Math.max(0, remaining)} s`;
      if (remaining <= 0) {
        context.announce('Time is up.');
        reveal();
      }
    }, 1000);
  }

  function reveal() {
    if (!session || session.revealed === session.index) return;
    session.revealed = session.index;
    clearInterval(timer);
    const card = session.cards[session.index];
    const tick = (text, name, index) => {
      const id = `mock-${name}-${index}`;
      return element('li', [
        element('input', [], { id, attributes: { type: 'checkbox', 'data-kind': name } }),
        ' ',
        element('label', [renderInline(text)], { attributes: { for: id } }),
      ]);
    };
    const score = element('button', ['Score this answer'], { id: 'mock-score', attributes: { type: 'button' } });
    stage.replaceChildren(
      element('div', [element('p', [renderInline(card.question)], { className: 'card-question' })], { className: 'card' }),
      element('fieldset', [
        element('legend', ['Key points you said']),
        element(
          'ul',
          card.keyPoints.map((text, i) => tick(text, 'key', i)),
          { className: 'checklist' },
        ),
      ]),
      element('fieldset', [
        element('legend', ['Red flags you said']),
        element(
          'ul',
          (card.redFlags ?? []).map((text, i) => tick(text, 'flag', i)),
          { className: 'checklist' },
        ),
      ]),
      element('div', [score], { className: 'card-controls' }),
      element('div', renderAnswerTiers({ ...card, keyPoints: undefined }, { headingLevel: 4 }), { className: 'card mock-tiers' }),
    );
    score.addEventListener('click', () => record(card));
    stage.querySelector('input')?.focus();
  }

  function record(card) {
    const count = (kind) => stage.querySelectorAll(`input[data-kind="${kind}"]:checked`).length;
    const steps = { key_points_said: count('key'), key_points: card.keyPoints.length, red_flags_said: count('flag') };
    const result = { card, score: mockScore({ keyPoints: steps.key_points, said: steps.key_points_said, redFlagsSaid: steps.red_flags_said }) };
    session.results.push(result);
    context.recordAnswer({
      kind: 'mock-interview',
      cardId: card.id,
      question: card.question,
      checked: true,
      correct: result.score >= MOCK_PASS_SCORE,
      score: result.score / 100,
      steps,
      response: `${steps.key_points_said} of ${steps.key_points} key points, ${steps.red_flags_said} red flags`,
      latencyMs: performance.now() - askedAt,
    });
    context.announce(`Score ${result.score} out of 100.`);
    session.index++;
    if (session.index < session.cards.length) ask();
    else summary();
  }

  function summary() {
    const average = Math.round(session.results.reduce((sum, { score }) => sum + score, 0) / session.results.length);
    const weak = session.results.filter(({ score }) => score < MOCK_PASS_SCORE);
    stage.replaceChildren(
      element(
        'div',
        [
          element('p', [`Interview score: ${average} / 100`], { className: 'card-question', id: 'mock-summary' }),
          element(
            'ul',
            session.results.map(({ card, score }) => element('li', [`${score} — `, renderInline(card.question)])),
          ),
          element('p', [
            weak.length
              ? 'Review these next (each opens in Cram, with the others after it):'
              : `Every answer scored ${MOCK_PASS_SCORE} or more. Nothing urgent to review.`,
          ]),
          element(
            'ul',
            weak.map(({ card }) =>
              element('li', [
                routeLink(
                  [renderInline(card.question)],
                  'quiz',
                  { mode: 'cram', scope: `cards:${weak.map((entry) => entry.card.id).join(',')}`, card: card.id },
                  { back: false },
                ),
              ]),
            ),
            { id: 'mock-review-next' },
          ),
        ],
        { className: 'card' },
      ),
    );
    context.announce(`Interview finished. Score ${average} out of 100.`);
    context.updateProgress((latest) =>
      addPractice(latest, { kind: 'mock-interview', at: new Date().toISOString(), score: average, items: session.results.length }),
    );
    session = null;
  }
  start.addEventListener('click', begin);

  return {
    root,
    activate() {
      picker.refresh(context.cards());
      if (!session)
        stage.replaceChildren(element('p', ['Pick the cards and the time per question, then start. The schedule is not changed.'], { className: 'hint' }));
    },
    onKey(event) {
      if (event.ctrlKey || event.metaKey || event.altKey) return false;
      if ((event.key === ' ' || event.key === 'Enter') && session && session.revealed !== session.index) {
        reveal();
        return true;
      }
      return false;
    },
  };
}
