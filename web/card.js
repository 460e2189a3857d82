// One flash card that flips between its question and its key points.

/**
 * @param {{ card: HTMLElement, flip: HTMLButtonElement, topic: HTMLElement, question: HTMLElement,
 *           back: HTMLElement, keyPoints: HTMLUListElement }} elements
 */
export function createCardView(elements) {
  const { card, flip, topic, question, back, keyPoints } = elements;
  let showingBack = false;

  function render() {
    back.hidden = !showingBack;
    card.dataset.side = showingBack ? 'back' : 'front';
    flip.setAttribute('aria-expanded', String(showingBack));
    flip.textContent = showingBack ? 'Show question only' : 'Show answer';
  }

  function toggle() {
    showingBack = !showingBack;
    render();
  }

  flip.addEventListener('click', toggle);
  card.addEventListener('click', toggle);
  document.addEventListener('keydown', (event) => {
    // Space flips unless a control that uses Space itself has focus.
    const target = /** @type {HTMLElement} */ (event.target);
    if (event.key !== ' ' || target.closest('input, button, select, textarea, a, [contenteditable]')) return;
    event.preventDefault();
    toggle();
  });

  return {
    /** Shows a card's front; text goes in with textContent only. */
    show(deckCard) {
      topic.textContent = deckCard.topic ?? '';
      question.textContent = deckCard.question;
      keyPoints.replaceChildren(...deckCard.keyPoints.map((point) => {
        const item = document.createElement('li');
        item.textContent = point;
        return item;
      }));
      showingBack = false;
      flip.disabled = false;
      render();
    },
  };
}
