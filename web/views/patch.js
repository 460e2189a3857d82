// Brings live DOM in line with freshly built nodes by changing only what differs (text, attributes,
// children whose shape changed). A view can rebuild its description on every slider step and let
// this keep the work, and the layout it triggers, to the few characters that moved.

/**
 * Makes parent's children match `next` (nodes not yet in the document).
 * @param {Element} parent
 * @param {Node[]} next
 */
export function patchChildren(parent, next) {
  const current = parent.childNodes;
  if (current.length !== next.length) {
    parent.replaceChildren(...next);
    return;
  }
  next.forEach((node, i) => patchNode(parent, current[i], node));
}

/** @param {Element} parent @param {Node} current @param {Node} next */
function patchNode(parent, current, next) {
  if (current.nodeType !== next.nodeType || current.nodeName !== next.nodeName) {
    parent.replaceChild(next, current);
    return;
  }
  if (current.nodeType === Node.TEXT_NODE) {
    const [text, wantedText] = [/** @type {Text} */ (current), /** @type {Text} */ (next)];
    if (text.data !== wantedText.data) text.data = wantedText.data;
    return;
  }
  if (current.nodeType !== Node.ELEMENT_NODE) return;
  const [element, wanted] = [/** @type {Element} */ (current), /** @type {Element} */ (next)];
  for (const { name, value } of wanted.attributes) if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  for (const name of element.getAttributeNames()) if (!wanted.hasAttribute(name)) element.removeAttribute(name);
  patchChildren(element, [...wanted.childNodes]);
}
