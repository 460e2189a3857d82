// Work for when the page has nothing better to do. Safari's engine (WebKit) has no requestIdleCallback:
// there the work runs in a task after the next frame, so it still never holds up the frame a slider
// move asked for.
/** Calls `work` when the page is idle, or after at most `timeout` ms where the engine can say when it is. */
export function whenIdle(work, timeout) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => work(), { timeout });
  else requestAnimationFrame(() => setTimeout(work, 0));
}
