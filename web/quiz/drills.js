// Two drills that never touch the schedule. Red flags: true/false statements, true ones from the
// key points a deck marks as claims, false ones from red flags written as quoted claims, shown in
// the same form, as many of each; then why. Follow-ups: the follow-up questions alone, answer on demand.
import { createScopePicker, cardsInScope } from './scope.js';
import { stepKeys } from './step-keys.js';
import { pageSeed, seedFromText, seededRandom, shuffled } from './random.js';
import { addPractice } from './progress-model.js';
import { renderInline, renderMarkup } from './render.js';
import { element } from '../dom.js';

/**
 * A red flag written as a quotation ("…", perhaps followed by a comment in brackets) is a wrong
 * claim in a candidate's words: the claim without its quotation marks, and the comment. A red flag
 * that describes a mistake ("Saying …") is not a statement to judge: null.
 * @param {string} text
 * @returns {{ claim: string, comment?: string } | null}
 */
export function quotedClaim(text) {
  const match = /^["“]([^"“”]+)["”]\s*(?:\((.+)\))?$/s.exec(text.trim());
  return match ? { claim: match[1].trim(), comment: match[2]?.trim() } : null;
}

/**
 * The drill's statements, shuffled: as many true as false ones (a random subset of the larger
 * kind), so neither their form nor always answering the same gives the answer away. A selection
 * with only one kind gives all of it.
 * @param {any[]} cards
 * @param {() => number} random
 * @returns {{ text: string, truth: boolean, card: any, comment?: string }[]}
 */
export function redFlagStatements(cards, random) {
  const truths = cards.flatMap((card) => (card.claims ?? []).map((index) => ({ text: card.keyPoints[index], truth: true, card })));
  const falsehoods = cards.flatMap((card) =>
    (card.redFlags ?? []).flatMap((flag) => {
      const quoted = quotedClaim(flag);
      return quoted ? [{ text: quoted.claim, truth: false, card, comment: quoted.comment }] : [];
    }),
  );
  const each = Math.min(truths.length, falsehoods.length);
  const some = (statements) => (each === 0 ? statements : shuffled(statements, random).slice(0, each));
  return shuffled([...some(truths), ...some(falsehoods)], random);
}

/** @param {any[]} cards @returns {{ question: string, answer: string, card: any }[]} */
export function followUpItems(cards) {
  return cards.flatMap((card) => (card.followUps ?? []).map((followUp) => ({ ...followUp, card })));
}

/** Shared frame: a scope picker, a position readout, a body and a feedback area. */
function drillFrame(id, hint) {
  const position = element('span', [], { className: 'drill-position' });
  const body = element('div', [], { className: 'drill-body card', id: `${id}-body` });
  const feedback = element('div', [], { className: 'drill-feedback', id: `${id}-feedback`, attributes: { 'aria-live': 'polite' } });
  const controls = element('div', [], { className: 'card-controls' });
  /** The drill laid out: the scope picker and position, the statement, its feedback and the controls. */
  const layout = (picker) => element('div', [element('div', [picker.label, picker.select, position], { className: 'mode-bar' }), body, feedback, controls]);
  return { position, body, feedback, controls, layout, hint: element('span', [hint], { className: 'hint' }) };
}

/** @param {import('./quiz-app.js').QuizContext} context */
export function createRedFlagDrill(context) {
  const frame = drillFrame('red-flag', 't true · f false · → next');
  const picker = createScopePicker('red-flag-scope', () => restart());
  const trueButton = element('button', ['True (t)'], { id: 'red-flag-true', attributes: { type: 'button' } });
  const falseButton = element('button', ['False (f)'], { id: 'red-flag-false', attributes: { type: 'button' } });
  const nextButton = element('button', ['Next →'], { id: 'red-flag-next', className: 'secondary', attributes: { type: 'button' } });
  frame.controls.append(trueButton, falseButton, nextButton, frame.hint);
  const root = frame.layout(picker);
  let statements = [];
  let drills = 0;
  let index = 0;
  let judged = false;
  let right = 0;
  let answered = 0;
  let shownAt = 0;

  function restart() {
    // Each drill a new order; ?seed=N makes the sequence of drills reproducible.
    statements = redFlagStatements(
      cardsInScope(context.cards(), picker.select.value || 'all'),
      seededRandom(seedFromText(`red-flags:${pageSeed}:${drills++}`)),
    );
    index = 0;
    right = 0;
    answered = 0;
    show();
  }
  function show() {
    judged = false;
    frame.feedback.replaceChildren();
    trueButton.disabled = falseButton.disabled = statements.length === 0;
    if (statements.length === 0) {
      frame.body.replaceChildren(element('p', ['No claims or quoted red flags to judge in this selection.']));
      return;
    }
    const statement = statements[index % statements.length];
    shownAt = performance.now();
    frame.position.textContent = `Statement ${(index % statements.length) + 1} of ${statements.length} · ${right}/${answered} right`;
    frame.body.replaceChildren(
      element('p', [statement.card.topic], { className: 'card-topic' }),
      element('p', [renderInline(statement.card.question)], { className: 'drill-context' }),
      element('p', ['True or false: a good answer would say…'], { className: 'hint' }),
      element('p', [renderInline(statement.text)], { className: 'card-question drill-statement' }),
    );
  }
  function judge(answer) {
    if (judged || statements.length === 0) return;
    judged = true;
    const statement = statements[index % statements.length];
    const correct = answer === statement.truth;
    answered++;
    if (correct) right++;
    context.recordAnswer({
      kind: 'red-flag',
      cardId: statement.card.id,
      question: `True or false: ${statement.text}`,
      checked: true,
      correct,
      response: String(answer),
      expected: statement.truth,
      latencyMs: performance.now() - shownAt,
    });
    frame.position.textContent = `Statement ${(index % statements.length) + 1} of ${statements.length} · ${right}/${answered} right`;
    // A full pass through the statements is one drill in the learner's history (Stats).
    if (answered % statements.length === 0) {
      const score = Math.round((100 * right) / answered);
      context.updateProgress((latest) => addPractice(latest, { kind: 'red-flags', at: new Date().toISOString(), score, items: answered }));
    }
    const verdict = `${correct ? 'Right' : 'Wrong'}: this is ${statement.truth ? 'a key point' : 'a red flag'} of “${statement.card.question}”`;
    const why = statement.truth
      ? [element('p', ['Why it holds:']), renderMarkup(statement.card.basic ?? statement.card.keyPoints.join('\n\n'))]
      : [
          ...(statement.comment ? [element('p', [renderInline(statement.comment)])] : []),
          element('p', ['What to say instead (the key points):']),
          element(
            'ul',
            statement.card.keyPoints.map((point) => element('li', [renderInline(point)])),
          ),
        ];
    frame.feedback.replaceChildren(element('p', [verdict], { className: correct ? 'verdict correct' : 'verdict wrong' }), ...why);
    trueButton.disabled = falseButton.disabled = true;
    context.announce(`${correct ? 'Right' : 'Wrong'}. ${statement.truth ? 'True: a key point.' : 'False: a red flag.'}`);
    nextButton.focus();
  }
  const next = () => {
    index++;
    show();
    trueButton.focus();
  };
  trueButton.addEventListener('click', () => judge(true));
  falseButton.addEventListener('click', () => judge(false));
  nextButton.addEventListener('click', next);

  return {
    root,
    activate() {
      picker.refresh(context.cards());
      restart();
    },
    onKey(event) {
      if (event.ctrlKey || event.metaKey || event.altKey) return false;
      if (event.key === 't') {
        judge(true);
        return true;
      }
      if (event.key === 'f') {
        judge(false);
        return true;
      }
      if (event.key === 'ArrowRight' || (judged && (event.key === ' ' || event.key === 'Enter'))) {
        next();
        return true;
      }
      return false;
    },
  };
}

/** @param {import('./quiz-app.js').QuizContext} context */
export function createFollowUpDrill(context) {
  const frame = drillFrame('follow-up', 'Space shows the answer · ←/→ move');
  const picker = createScopePicker('follow-up-scope', () => {
    index = 0;
    show();
  });
  const reveal = element('button', ['Show answer'], {
    id: 'follow-up-reveal',
    attributes: { type: 'button', 'aria-expanded': 'false', 'aria-controls': 'follow-up-feedback' },
  });
  const previous = element('button', ['← Previous'], { className: 'secondary', attributes: { type: 'button' } });
  const nextButton = element('button', ['Next →'], { className: 'secondary', attributes: { type: 'button' } });
  frame.controls.append(reveal, previous, nextButton, frame.hint);
  const root = frame.layout(picker);
  let index = 0;
  let items = [];

  function show() {
    items = followUpItems(cardsInScope(context.cards(), picker.select.value || 'all'));
    frame.feedback.replaceChildren();
    frame.feedback.hidden = true;
    reveal.setAttribute('aria-expanded', 'false');
    if (items.length === 0) {
      frame.body.replaceChildren(element('p', ['No follow-up questions in this selection.']));
      return;
    }
    index = (index + items.length) % items.length;
    const item = items[index];
    frame.position.textContent = `Follow-up ${index + 1} of ${items.length}`;
    frame.body.replaceChildren(
      element('p', [`After: ${item.card.question}`], { className: 'card-topic' }),
      element('p', [renderInline(item.question)], { className: 'card-question' }),
    );
    frame.feedback.append(renderMarkup(item.answer));
  }
  const toggle = () => {
    if (items.length === 0) return;
    frame.feedback.hidden = !frame.feedback.hidden;
    reveal.setAttribute('aria-expanded', String(!frame.feedback.hidden));
  };
  const move = (step) => {
    index += step;
    show();
  };
  reveal.addEventListener('click', toggle);
  previous.addEventListener('click', () => move(-1));
  nextButton.addEventListener('click', () => move(1));

  return {
    root,
    activate() {
      picker.refresh(context.cards());
      show();
    },
    onKey: stepKeys(toggle, move),
  };
}
