// What of this page the learner can see, and scrolling a node into it. On a phone the on-screen
// keyboard shrinks the visual viewport, not the window, so a box at the foot of the window can sit
// behind the keyboard; where the browser has a visual viewport (feature-detected) it is the measure.
// Only this page's own window scrolls: inside an embedding iframe that is the frame's document,
// never the host page (Element.scrollIntoView would scroll every scrollable ancestor, the host's too).

/** The visible band of the window, in viewport (client) coordinates. */
function visibleArea() {
  const viewport = window.visualViewport;
  return viewport ? { top: viewport.offsetTop, height: viewport.height } : { top: 0, height: window.innerHeight };
}

/**
 * Scrolls this window by the least that shows all of `node` (its top, when it is taller than the
 * visible band), keeping a small margin clear at both ends. Does nothing when it is already in view.
 * @param {Element} node
 */
export function showWhole(node) {
  const margin = 8;
  const { top: viewTop, height } = visibleArea();
  const box = node.getBoundingClientRect();
  const topLimit = viewTop + margin;
  const bottomLimit = viewTop + height - margin;
  let by = 0;
  if (box.top < topLimit || box.height > bottomLimit - topLimit) by = box.top - topLimit;
  else if (box.bottom > bottomLimit) by = box.bottom - bottomLimit;
  if (by !== 0) window.scrollBy({ top: by });
}

/**
 * Scrolls this window so `node`'s top is near the top of the visible band, unless it already sits
 * in the band's upper 60%: what follows the node is then in view too.
 * @param {Element} node
 */
export function showFromTop(node) {
  const margin = 16;
  const { top: viewTop, height } = visibleArea();
  const { top } = node.getBoundingClientRect();
  if (top < viewTop || top > viewTop + height * 0.6) window.scrollBy({ top: top - viewTop - margin });
}
