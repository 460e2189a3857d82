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
  // Most nodes of a table have no attributes and one text child: those skip the general walk
  // (a 112-head ALiBi table is 560 of them on every slider step).
  if (element.hasAttributes() || wanted.hasAttributes()) {
    for (const { name, value } of wanted.attributes) if (element.getAttribute(name) !== value) element.setAttribute(name, value);
    for (const name of element.getAttributeNames()) if (!wanted.hasAttribute(name)) element.removeAttribute(name);
  }
  const [only, wantedOnly] = [element.firstChild, wanted.firstChild];
  if (only?.nodeType === Node.TEXT_NODE && wantedOnly?.nodeType === Node.TEXT_NODE && !only.nextSibling && !wantedOnly.nextSibling) {
    const [text, wantedText] = [/** @type {Text} */ (only), /** @type {Text} */ (wantedOnly)];
    if (text.data !== wantedText.data) text.data = wantedText.data;
    return;
  }
  patchChildren(element, [...wanted.childNodes]);
}
