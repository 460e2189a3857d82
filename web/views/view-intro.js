// How an engine view opens: its heading with a "Quiz me on this" link to the cards about it, then
// the lede that says what the view shows and what the learner can change.
import { element } from '../dom.js';
import { quizMeLink } from '../route-link.js';

/**
 * The view's header and lede, in page order.
 * @param {{ view: string, heading: string, lede: string }} intro  view: the route name ('position'),
 *   which names the heading's id (`${view}-heading`) and the cards the link quizzes (`live:${view}`)
 */
export function viewIntro({ view, heading, lede }) {
  return [
    element('div', [element('h2', [heading], { id: `${view}-heading` }), element('p', [quizMeLink(`live:${view}`)], { className: 'quiz-me-row' })], {
      className: 'view-header',
    }),
    element('p', [lede], { className: 'lede' }),
  ];
}
