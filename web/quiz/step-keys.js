// The keys of a mode that steps through a selection of cards (cram, the follow-up drill), with no
// modifier held: Space or Enter reveals the card's answer, the arrows move to the next or previous.

/**
 * @param {() => void} reveal @param {(step: number) => void} move
 * @returns {(event: KeyboardEvent) => boolean}  true when the key was this mode's
 */
export function stepKeys(reveal, move) {
  return (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return false;
    if (event.key === ' ' || event.key === 'Enter') {
      reveal();
      return true;
    }
    if (event.key === 'ArrowRight') {
      move(1);
      return true;
    }
    if (event.key === 'ArrowLeft') {
      move(-1);
      return true;
    }
    return false;
  };
}
