// What each toy-model task asks, and why a scheme was trained on the task it was: the words the
// position and model views share. Sizes (the copy offset, the marker spacing) come from the
// preset's trainer settings, which the engine lists.

/**
 * @param {string} task  copyBack | recallFirst | lastMarker
 * @param {{ offset: number, markerSpacing: number }} trainer
 */
export function taskDescription(task, trainer) {
  switch (task) {
    case 'copyBack':
      return `output the token ${trainer.offset} positions back: one head must point at an exact offset.`;
    case 'recallFirst':
      return 'output the passkey at position 0, however far back it is.';
    case 'lastMarker':
      return `output the latest of the marker tokens, which turn up about every ${trainer.markerSpacing} positions.`;
    default:
      return '';
  }
}

/**
 * Why `scheme` learns `task` rather than copy back, or '' when it learns copy back. A claim the
 * quick preset's runs in the model view show: ALiBi and NoPE stay near chance on copy back.
 */
export function taskReason(scheme, task, trainer) {
  if (scheme === 'alibi' && task !== 'copyBack')
    return `ALiBi's bias can only favour nearer keys, so among random tokens it cannot single out the key exactly ${trainer.offset} back; the nearest marker is what it can find.`;
  if (scheme === 'nope' && task !== 'copyBack')
    return `With nothing added for position, one attention layer cannot count ${trainer.offset} back; it can find a token that looks unlike the rest, so it recalls the first.`;
  return '';
}
