// Links between the page's views that stay in the page: app.js follows a[data-route] with the
// History API (no reload), and gives a link marked data-back a way back to the view it was
// clicked in, with that view's settings at the moment of the click.
import { linkQuery } from './router.js';
import { element } from './dom.js';

/**
 * @param {(Node | string)[]} children
 * @param {string} view
 * @param {Record<string, string | number>} params  URL settings of the view
 * @param {{ back?: boolean, className?: string, id?: string }} [options]  back: offer a way back here
 */
export function routeLink(children, view, params, { back = true, className = undefined, id = undefined } = {}) {
  return element('a', children, { className, id, attributes: { href: linkQuery(view, params), 'data-route': '', ...(back ? { 'data-back': '' } : {}) } });
}

/**
 * "Quiz me on this": a cram session over the cards `scope` selects (see the router's scope), with a way back.
 * @param {string} scope  e.g. 'tag:rope', 'live:position', 'cards:a,b'
 * @param {string} [what]  what the cards are about, for people ("RoPE"); said after the link text
 */
export function quizMeLink(scope, what = undefined) {
  const link = routeLink(['Quiz me on this'], 'quiz', { mode: 'cram', scope }, { className: 'quiz-me' });
  if (what) link.append(element('span', [`: ${what} cards`], { className: 'quiz-me-what' }));
  return link;
}
