// The landing page (no ?view): three doors, the lesson, the flash cards and the live instruments.
// The lesson's door says where the learner left off.
import { element } from './dom.js';
import { routeLink } from './route-link.js';
import { LESSON_STEPS } from './lesson/outline.js';
import { loadLesson } from './lesson/lesson-store.js';

/**
 * @param {HTMLElement} section
 * @param {{ storage: Storage }} options  where the lesson's progress is kept
 */
export function createHomeView(section, { storage }) {
  const lessonDoor = element('p', [], { className: 'door-action' });
  const lessonState = element('p', [], { className: 'help', id: 'door-lesson-state' });
  const door = (id, heading, text, actions) =>
    element('li', [element('h3', [heading], { id }), element('p', [text]), ...actions], { className: 'door', attributes: { 'aria-labelledby': id } });
  section.append(
    element('h2', ['Where do you want to start?'], { id: 'home-heading' }),
    element(
      'p',
      [
        'How does a transformer know where a token is, and what happens at position 5,000 in a model trained on 2,048 tokens? The instruments work it out live, in your browser, with the same engine the lesson and the cards use.',
      ],
      { className: 'lede' },
    ),
    element(
      'ul',
      [
        door(
          'door-lesson',
          'Follow the lesson',
          `${LESSON_STEPS.length} short steps, from why attention needs position at all to stretching RoPE past its trained length. At each step you predict first, then the engine answers on a live instrument.`,
          [lessonDoor, lessonState],
        ),
        door(
          'door-quiz',
          'Quiz yourself',
          'Interview flash cards with answers in tiers, spaced repetition, cram, drills and a timed mock interview. Computed cards draw new numbers each time.',
          [element('p', [routeLink(['Open the flash cards'], 'quiz', {}, { back: false, id: 'door-open-quiz' })], { className: 'door-action' })],
        ),
        door(
          'door-instruments',
          'Explore the instruments',
          'Set the numbers yourself: every encoding as a heatmap, one position p against a trained length L for every scheme, and toy models trained to 2,048 tokens, asked past it, or trained by you in the page.',
          [
            element(
              'ul',
              [
                element('li', [routeLink(['Encodings'], 'encodings', {}, { back: false })]),
                element('li', [routeLink(['Position 5,000'], 'position', {}, { back: false })]),
                element('li', [routeLink(['Toy model'], 'model', {}, { back: false })]),
              ],
              { className: 'door-links' },
            ),
          ],
        ),
      ],
      { className: 'doors' },
    ),
  );

  return {
    show() {
      const { lesson } = loadLesson(storage);
      const at = lesson.step === null ? -1 : LESSON_STEPS.findIndex((step) => step.id === lesson.step);
      const predicted = LESSON_STEPS.filter((step) => Object.hasOwn(lesson.predictions, step.id)).length;
      const finished = predicted === LESSON_STEPS.length;
      const text = at < 0 ? 'Start the lesson' : `${finished ? 'Back to' : 'Continue at'} step ${at + 1}: ${LESSON_STEPS[at].title}`;
      lessonDoor.replaceChildren(routeLink([text], 'lesson', { step: at < 0 ? 1 : at + 1 }, { back: false, id: 'door-open-lesson' }));
      lessonState.textContent =
        at < 0 ? '' : finished ? `Lesson done: all ${LESSON_STEPS.length} predictions made.` : `Predictions made: ${predicted} of ${LESSON_STEPS.length}.`;
      lessonState.hidden = at < 0;
    },
  };
}
