// The guided lesson (?view=lesson&step=N): one step at a time, each with a few paragraphs, a
// prediction the learner commits to before the engine answers, then the live instrument with its
// "what to notice" line, and cards to test oneself on. Progress (the step, the predictions) is
// kept in this browser (lesson-store.js). Arrow keys and PageUp/PageDown move between steps while
// the lesson is on screen, never from a field or a control that uses them itself.
import { renderInline, renderMarkup } from '../quiz/render.js';
import { element } from '../dom.js';
import { createDeckLibrary, loadShippedDecks, startShippedDecks } from '../quiz/deck-loader.js';
import { routeLink, quizMeLink } from '../route-link.js';
import { fieldProblem } from '../views/field-check.js';
import { int } from '../views/format.js';
import { STEPS, stepSettings } from './steps.js';
import { loadLesson, saveLesson } from './lesson-store.js';

/** How near a numeric prediction must be to count as close: within 10% of the answer, or 1. */
const closeEnough = (value, answer) => Math.abs(value - answer) <= Math.max(1, 0.1 * Math.abs(answer));
/** Keys that move between steps, and the direction. */
const STEP_KEYS = { ArrowRight: 1, PageDown: 1, ArrowLeft: -1, PageUp: -1 };
/** Where keys belong to what has the focus: fields, lists, sliders, charts and canvases that read arrows. */
const OWN_KEYS = 'input, select, textarea, [contenteditable], [role="slider"], [role="group"], [role="radiogroup"], canvas[tabindex], dialog';
/** Cram over the cards of every step. */
const EVERY_CARD = `cards:${STEPS.flatMap((step) => step.cards).join(',')}`;
/** A prediction as typed: grouped, up to two decimals. */
const number = (value) => value.toLocaleString('en-US', { maximumFractionDigits: 2 }).replace('-', '−');

/** The cards of every shipped deck by id (the lesson shows their questions and opens them in the quiz). */
function loadCards() {
  const library = createDeckLibrary();
  const embedded = (file) => document.querySelector(`script[type="application/json"][data-file="${file}"]`)?.textContent ?? undefined;
  return loadShippedDecks(library, document.baseURI, () => {}, startShippedDecks(document.baseURI, { embedded })).then(
    () => new Map(library.cards.map((card) => [card.id, card])),
  );
}

/**
 * @param {HTMLElement} section
 * @param {{ getEngine: () => Promise<any>, onChange: (state: object, commit: boolean) => void, storage: Storage, embedded: boolean }} options
 */
export function createLessonView(section, { getEngine, onChange, storage, embedded }) {
  const loaded = loadLesson(storage);
  let lesson = loaded.lesson;
  let readOnly = loaded.readOnly;
  const storeNotice = element('p', [], { className: 'notice', attributes: { role: 'alert' } });
  storeNotice.hidden = !loaded.notice;
  storeNotice.textContent = loaded.notice ?? '';
  const cardsPromise = loadCards();
  const enginePromise = getEngine();
  enginePromise.then(
    () => performance.mark('posenc:lesson-engine'),
    () => {},
  );
  // The instruments (charts, uPlot) and the readings come after a prediction: loaded meanwhile, not before the first step shows.
  const instrumentsPromise = import('./instruments.js');
  const readingsPromise = import('./readings.js');

  const stepList = element('ol', [], { className: 'lesson-steps' });
  const article = element('article', [], { className: 'lesson-step', attributes: { 'aria-labelledby': 'lesson-step-title' } });
  const pager = element('nav', [], { className: 'lesson-pager', attributes: { 'aria-label': 'Previous and next step' } });
  section.append(
    element(
      'div',
      [
        element('h2', ['Lesson: how a transformer knows where a token is'], { id: 'lesson-heading' }),
        element('p', [quizMeLink(EVERY_CARD, "the lesson's")], { className: 'quiz-me-row' }),
      ],
      { className: 'view-header' },
    ),
    storeNotice,
    element('nav', [stepList], { className: 'lesson-nav', attributes: { 'aria-label': 'Lesson steps' } }),
    article,
    pager,
  );
  if (embedded) section.classList.add('lesson-embedded');

  let index = -1; // the step on screen
  let settings = {}; // its instrument's settings
  let instrument = null;
  let shown = 0; // counts renders, so late async work can tell it is stale

  /** Saves a change to the lesson's progress on top of what is stored now (another tab may have written). */
  function update(change) {
    if (!readOnly) {
      const latest = loadLesson(storage);
      if (latest.notice) {
        storeNotice.textContent = latest.notice;
        storeNotice.hidden = false;
      }
      readOnly = latest.readOnly;
      lesson = latest.lesson;
    }
    change(lesson);
    if (readOnly) return;
    try {
      saveLesson(storage, lesson);
    } catch (error) {
      storeNotice.textContent = `The lesson's progress could not be saved (${error.name}); it is kept while this page stays open.`;
      storeNotice.hidden = false;
    }
  }

  function renderStepList() {
    stepList.replaceChildren(
      ...STEPS.map((step, i) => {
        const predicted = Object.hasOwn(lesson.predictions, step.id);
        const link = routeLink([String(i + 1)], 'lesson', { step: i + 1 }, { back: false });
        link.setAttribute('aria-label', `Step ${i + 1}: ${step.title}${predicted ? ' (predicted)' : ''}`);
        if (i === index) link.setAttribute('aria-current', 'step');
        return element('li', [link], { className: predicted ? 'predicted' : '' });
      }),
    );
  }

  function renderPager() {
    const previous =
      index > 0
        ? routeLink([`← Step ${index}: ${STEPS[index - 1].title}`], 'lesson', { step: index }, { back: false, className: 'lesson-previous' })
        : element('span');
    const next =
      index < STEPS.length - 1
        ? routeLink([`Step ${index + 2}: ${STEPS[index + 1].title} →`], 'lesson', { step: index + 2 }, { back: false, className: 'lesson-next' })
        : quizMeLink(EVERY_CARD, "every lesson step's");
    pager.replaceChildren(previous, next);
  }

  /** Renders step i from scratch: its text, the prediction (or the committed one and the answer), the cards. */
  function renderStep(i) {
    instrument?.destroy();
    instrument = null;
    index = i;
    shown++;
    const step = STEPS[i];
    const title = element('h3', [step.title], { id: 'lesson-step-title', attributes: { tabindex: '-1' } });
    const predictionBox = element('section', [], { className: 'prediction', attributes: { 'aria-labelledby': 'lesson-predict-heading' } });
    const noticeText = element('span', []);
    const notice = element('p', [element('strong', ['What to notice: ']), noticeText], { className: 'notice-line', id: 'lesson-notice' });
    const instrumentHost = element('div', [element('p', ['The instrument opens once you have committed to a prediction.'], { className: 'help' })], {
      className: 'lesson-instrument',
    });
    notice.hidden = true;
    const cards = element('ul', [element('li', ['Loading the cards…'])], { className: 'lesson-cards' });
    article.replaceChildren(
      element('p', [`Step ${i + 1} of ${STEPS.length}`], { className: 'lesson-count' }),
      title,
      element(
        'div',
        step.paragraphs.map((text) => renderMarkup(text)),
        { className: 'lesson-text' },
      ),
      predictionBox,
      element('section', [element('h4', ['See it live'], { id: 'lesson-live-heading' }), instrumentHost, notice], {
        className: 'lesson-live',
        attributes: { 'aria-labelledby': 'lesson-live-heading' },
      }),
      element(
        'section',
        [
          element('h4', ['Test yourself'], { id: 'lesson-cards-heading' }),
          cards,
          element('p', [quizMeLink(`cards:${step.cards.join(',')}`, "this step's")], { className: 'quiz-me-row' }),
        ],
        { className: 'lesson-self-test', attributes: { 'aria-labelledby': 'lesson-cards-heading' } },
      ),
    );
    const render = shown;
    cardsPromise.then(
      (byId) => {
        if (render !== shown) return;
        cards.replaceChildren(
          ...step.cards
            .filter((id) => byId.has(id))
            .map((id) =>
              element('li', [routeLink([renderInline(byId.get(id).question)], 'quiz', { mode: 'cram', scope: `cards:${step.cards.join(',')}`, card: id })]),
            ),
        );
      },
      (error) => {
        cards.replaceChildren(element('li', [`The cards could not be loaded: ${error.message}`]));
      },
    );

    let opening = null;
    const reveal = () => (opening ??= openInstrument(step, instrumentHost, notice, noticeText, render));
    renderPrediction(step, predictionBox, reveal, () => renderStep(i));
    if (Object.hasOwn(lesson.predictions, step.id)) reveal();
    renderStepList();
    renderPager();
    update((stored) => {
      stored.step = step.id;
    });
  }

  /** The instrument, created once the engine is there; it opens after a prediction. */
  async function openInstrument(step, host, notice, noticeText, render) {
    host.replaceChildren(element('p', ['Loading the engine…'], { className: 'help' }));
    let engine, createInstrument;
    try {
      [engine, { createInstrument }] = await Promise.all([enginePromise, instrumentsPromise]);
    } catch (error) {
      if (render === shown) host.replaceChildren(element('p', [`The instrument cannot open: ${error.message}`], { className: 'notice' }));
      return null;
    }
    if (render !== shown) return null;
    instrument = createInstrument(step, engine, {
      notice: (text) => {
        noticeText.textContent = text;
        notice.hidden = false;
      },
      onChange: (next, commit) => {
        settings = next;
        onChange(state(), commit);
      },
    });
    host.replaceChildren(instrument.root);
    instrument.show(settings);
    section.dataset.instrument = step.id;
    return instrument;
  }

  /** The prediction: a form until committed, then what was predicted beside the engine's answer. */
  function renderPrediction(step, box, reveal, reset) {
    const heading = element('h4', ['Predict first'], { id: 'lesson-predict-heading' });
    const question = element('p', [renderInline(step.question.text)], { className: 'lesson-question', id: 'lesson-question' });
    const stored = Object.hasOwn(lesson.predictions, step.id) ? lesson.predictions[step.id] : null;
    if (stored) {
      const answer = element('p', ['The engine is working out its answer…'], {
        className: 'lesson-answer',
        id: 'lesson-answer',
        attributes: { 'aria-live': 'polite' },
      });
      const again = element('button', ['Predict again'], { className: 'secondary', id: 'lesson-predict-again', attributes: { type: 'button' } });
      again.addEventListener('click', () => {
        update((progress) => {
          delete progress.predictions[step.id];
        });
        reset();
        document.getElementById('lesson-prediction')?.focus();
      });
      box.replaceChildren(
        heading,
        question,
        element('p', [`Your prediction: ${predictionText(step, stored.value)}.`], { className: 'lesson-committed', id: 'lesson-committed' }),
        answer,
        again,
      );
      showAnswer(step, stored.value, answer, reveal);
      return;
    }
    const commit = element('button', ['Commit my prediction'], { id: 'lesson-commit', attributes: { type: 'submit' } });
    let read;
    let field;
    if (step.prediction.kind === 'number') {
      const input = element('input', [], {
        id: 'lesson-prediction',
        attributes: {
          type: 'number',
          inputmode: 'decimal',
          step: 'any',
          min: String(step.prediction.min),
          max: String(step.prediction.max),
          'aria-labelledby': 'lesson-question',
        },
      });
      const problem = fieldProblem(input);
      field = element('div', [input, step.question.unit ? element('span', [step.question.unit], { className: 'lesson-unit' }) : '', problem.message], {
        className: 'lesson-number',
      });
      read = () => {
        const value = Number(input.value);
        const { min, max } = step.prediction;
        if (input.value.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
          problem.show(`Type a number from ${int(min)} to ${int(max)}.`);
          return undefined;
        }
        problem.clear();
        return value;
      };
    } else {
      const name = 'lesson-choice';
      field = element(
        'fieldset',
        [
          element('legend', ['Your prediction'], { className: 'visually-hidden' }),
          ...step.question.choices.map((choice) => {
            const id = `lesson-choice-${choice.id}`;
            return element(
              'div',
              [
                element('input', [], { id, attributes: { type: 'radio', name, value: choice.id } }),
                element('label', [choice.label], { attributes: { for: id } }),
              ],
              { className: 'lesson-choice' },
            );
          }),
          element('p', [], { className: 'field-problem', id: 'lesson-choice-problem', attributes: { 'aria-live': 'polite' } }),
        ],
        { attributes: { 'aria-describedby': 'lesson-question' } },
      );
      read = () => {
        const chosen = field.querySelector('input:checked');
        field.querySelector('#lesson-choice-problem').textContent = chosen ? '' : 'Choose one answer first.';
        return chosen?.value;
      };
    }
    // novalidate: the range is checked here, with a message beside the field, not by a browser bubble.
    const form = element('form', [field, element('div', [commit], { className: 'button-row' })], {
      className: 'lesson-predict-form',
      attributes: { novalidate: '' },
    });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const value = read();
      if (value === undefined) return;
      update((progress) => {
        progress.predictions[step.id] = { value, at: new Date().toISOString() };
      });
      reset();
      document.getElementById('lesson-answer')?.focus();
    });
    box.replaceChildren(heading, question, form);
  }

  /** Shows the engine's answer beside the prediction (for the training step, once its run is done). */
  async function showAnswer(step, predicted, target, reveal) {
    const render = shown;
    target.setAttribute('tabindex', '-1');
    try {
      const [engine, { readings }] = await Promise.all([enginePromise, readingsPromise]);
      const opened = await reveal();
      const answer = opened?.answerFrom ? readings[step.id].answer(await opened.answerFrom()) : readings[step.id].answer(engine);
      if (render !== shown) return;
      target.replaceChildren(element('strong', ['The engine: ']), `${answer.text}. `, judgement(step, predicted, answer.value));
      section.dataset.answered = step.id;
    } catch (error) {
      if (render === shown) target.textContent = `The engine could not answer: ${error.message}`;
    }
  }

  function judgement(step, predicted, answer) {
    if (step.prediction.kind === 'choice') {
      return predicted === answer ? 'You predicted that.' : 'You predicted something else.';
    }
    if (predicted === answer) return 'Exactly what you predicted.';
    const off = `${number(Math.abs(predicted - answer))} ${predicted > answer ? 'above' : 'below'} it`;
    return closeEnough(predicted, answer) ? `Close: your prediction is ${off}.` : `Your prediction is ${off}.`;
  }

  function predictionText(step, value) {
    return step.prediction.kind === 'number'
      ? `${number(value)}${step.question.unit === '%' ? '%' : ''}`
      : `“${step.question.choices.find((choice) => choice.id === value).label}”`;
  }

  const state = () => ({ step: index + 1, ...settings });

  /** Moves to step i (keys): the URL gets a history entry, the focus goes to the step's title. */
  function go(i) {
    if (i < 0 || i >= STEPS.length || i === index) return;
    settings = stepSettings(STEPS[i], {});
    renderStep(i);
    onChange(state(), true);
    focusTitle();
  }

  function focusTitle() {
    const title = document.getElementById('lesson-step-title');
    title?.scrollIntoView({ block: 'start' });
    title?.focus({ preventScroll: true });
  }

  document.addEventListener('keydown', (event) => {
    if (section.hidden || embedded || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (!(event.key in STEP_KEYS) || /** @type {HTMLElement} */ (event.target).closest(OWN_KEYS)) return;
    event.preventDefault();
    go(index + STEP_KEYS[event.key]);
  });

  return {
    /** Shows the step the URL names (or the one last visited) with the URL's settings. */
    show(next) {
      const stored = lesson.step === null ? 0 : STEPS.findIndex((step) => step.id === lesson.step);
      const i = next.step !== undefined ? next.step - 1 : Math.max(0, stored);
      const moved = i !== index;
      const fromLessonLinks = Boolean(document.activeElement?.closest?.('.lesson-nav, .lesson-pager'));
      settings = stepSettings(STEPS[i], next);
      if (moved) renderStep(i);
      else instrument?.show(settings);
      if (moved && fromLessonLinks) focusTitle();
      performance.mark('posenc:lesson-step');
    },
    get state() {
      return state();
    },
  };
}
