// The full card: the question, then the answer in tiers the learner opens on demand (key points
// first, then the ~20 s and ~60 s answers, code, going deeper, the long read, follow-ups, red
// flags, sources). Tiers are <details>, so they open with Enter/Space and need no script.
import { renderInline, renderMarkup } from './render.js';
import { element } from '../dom.js';
import { routeLink } from '../route-link.js';

/**
 * "See it live": the card's links to the views that show what it says, each with a way back to
 * this card (app.js adds it when the link is followed).
 * @param {any} card
 */
function liveLinks(card) {
  if (!card.live) return null;
  const links = card.live.map((link) => {
    const anchor = routeLink([link.label], link.view, link.params);
    anchor.dataset.backCard = card.id;
    return element('li', [anchor]);
  });
  return element('div', [element('p', ['See it live:'], { className: 'see-live-title' }), element('ul', links)], { className: 'see-live' });
}

/**
 * The answer tiers of a card as nodes, in teaching order; missing optional fields are skipped.
 * @param {any} card
 * @param {{ headingLevel?: number }} [options]
 * @returns {HTMLElement[]}
 */
export function renderAnswerTiers(card, { headingLevel = 3 } = {}) {
  const heading = (text) => element(`h${headingLevel}`, [text]);
  const tier = (label, children, className) => element('details', [element('summary', [label]), ...children], { className: `tier ${className}` });
  const list = (items, tag = 'ul') =>
    element(
      tag,
      items.map((item) => element('li', [renderInline(item)])),
    );
  const tiers = [];
  if (card.keyPoints) tiers.push(element('div', [heading('Key points'), list(card.keyPoints)], { className: 'tier-key-points' }));
  const live = liveLinks(card);
  if (live) tiers.push(live);
  if (card.basic) tiers.push(tier('Basic answer (~20 s)', [renderMarkup(card.basic)], 'tier-basic'));
  if (card.solid) tiers.push(tier('Solid answer (~60 s)', [renderMarkup(card.solid)], 'tier-solid'));
  if (card.code) {
    tiers.push(
      tier(
        `Code (${card.code.language})`,
        [element('pre', [element('code', [card.code.source], { attributes: { 'data-language': card.code.language } })], { attributes: { tabindex: '0' } })],
        'tier-code',
      ),
    );
  }
  if (card.goDeeper) tiers.push(tier('Go deeper', [list(card.goDeeper, 'ol')], 'tier-deeper'));
  if (card.explanation) {
    tiers.push(
      tier(
        'Explanation',
        card.explanation.map((section) =>
          element('section', [
            element(`h${headingLevel + 1}`, [renderInline(section.heading)]),
            renderMarkup(section.text, { headingLevel: headingLevel + 2 }),
          ]),
        ),
        'tier-explanation',
      ),
    );
  }
  if (card.followUps) {
    tiers.push(
      tier(
        'Follow-up questions',
        card.followUps.map((followUp) =>
          element(
            'div',
            [
              element('p', [renderInline(followUp.question)], { className: 'follow-up-question' }),
              element('details', [element('summary', ['Answer']), renderMarkup(followUp.answer)]),
            ],
            { className: 'follow-up' },
          ),
        ),
        'tier-follow-ups',
      ),
    );
  }
  if (card.redFlags) tiers.push(tier('Red flags: claims that cost you the question', [list(card.redFlags)], 'tier-red-flags'));
  if (card.sources) tiers.push(tier('Sources', [list(card.sources)], 'tier-sources'));
  return tiers;
}

/**
 * A flash card with a flip button. The ids (`${idPrefix}`, `-question`, `-back`, `-key-points`,
 * `-flip`) are stable hooks for the page's tests.
 * @param {{ idPrefix: string, headingLevel?: number }} options
 */
export function createCardView({ idPrefix, headingLevel = 3 }) {
  const topic = element('p', [], { className: 'card-topic' });
  const question = element('p', [], { className: 'card-question', id: `${idPrefix}-question` });
  const frontExtra = element('div', [], { className: 'card-front-extra' });
  const back = element('div', [], { className: 'card-back', id: `${idPrefix}-back` });
  back.hidden = true;
  const article = element('article', [topic, question, frontExtra, back], { className: 'card', id: idPrefix, attributes: { 'data-side': 'front' } });
  const flipButton = element('button', ['Show answer'], {
    id: `${idPrefix}-flip`,
    attributes: { type: 'button', 'aria-controls': `${idPrefix}-back`, 'aria-expanded': 'false' },
  });
  flipButton.disabled = true; // nothing to flip until a card is shown
  let flipped = false;
  let listeners = [];
  let showings = 0; // counts show/showMessage calls, so late async renders can tell they are stale

  function render() {
    back.hidden = !flipped;
    article.dataset.side = flipped ? 'back' : 'front';
    flipButton.setAttribute('aria-expanded', String(flipped));
    flipButton.textContent = flipped ? 'Hide answer' : 'Show answer';
  }

  function setFlipped(value) {
    if (flipped === value) return;
    flipped = value;
    render();
    listeners.forEach((listener) => listener(flipped));
  }

  flipButton.addEventListener('click', () => setFlipped(!flipped));
  // A click on the card flips it, except on its own controls or while reading the answer.
  article.addEventListener('click', (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    if (target.closest('a, button, input, label, select, textarea, summary, details, pre') || back.contains(target)) return;
    if (String(window.getSelection?.() ?? '') !== '') return;
    setFlipped(!flipped);
  });

  return {
    article,
    flipButton,
    frontExtra,
    back,
    /** Counts show/showMessage calls, so async work (a computed card awaiting the engine) can tell it was superseded. */
    get showings() {
      return showings;
    },
    get flipped() {
      return flipped;
    },
    /**
     * Shows a card's front. `questionText` overrides the question (computed cards fill it in).
     * @param {any} card
     * @param {{ questionText?: string, backNodes?: Node[] }} [options]
     */
    show(card, { questionText, backNodes } = {}) {
      showings++;
      article.dataset.cardId = card.id;
      topic.textContent = card.topic ?? '';
      question.replaceChildren(renderInline(questionText ?? card.question));
      frontExtra.replaceChildren();
      back.replaceChildren(...(backNodes ?? renderAnswerTiers(card, { headingLevel })));
      const keyList = back.querySelector('.tier-key-points ul');
      if (keyList) keyList.id = `${idPrefix}-key-points`;
      article.hidden = false;
      flipButton.disabled = false;
      flipped = false;
      render();
    },
    /** Shows a message instead of a card (an empty queue, say). */
    showMessage(text) {
      showings++;
      delete article.dataset.cardId;
      topic.textContent = '';
      question.textContent = text;
      frontExtra.replaceChildren();
      back.replaceChildren();
      flipped = false;
      render();
      flipButton.disabled = true;
    },
    toggle() {
      if (!flipButton.disabled) setFlipped(!flipped);
    },
    flip(value = true) {
      if (!flipButton.disabled) setFlipped(value);
    },
    /** @param {(flipped: boolean) => void} listener */
    onFlip(listener) {
      listeners = [...listeners, listener];
    },
  };
}
