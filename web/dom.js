// The DOM helpers the quiz, the views and the lesson share: an element builder (text is only ever
// text: strings become text nodes, never markup), a table's head row, and a file download from the page itself.

/**
 * An element with children (nodes, or strings that become text nodes) and a few common attributes.
 * @template {string} Tag
 * @param {Tag} tag
 * @param {(Node|string)[]} [children]
 * @param {{ className?: string, id?: string, attributes?: Record<string, string> }} [options]
 * @returns {Tag extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[Tag] : HTMLElement}
 */
export function element(tag, children = [], options = {}) {
  const made = /** @type {any} */ (document.createElement(tag)); // the tag's own element type, as @returns says
  if (options.className) made.className = options.className;
  if (options.id) made.id = options.id;
  for (const [name, value] of Object.entries(options.attributes ?? {})) made.setAttribute(name, value);
  made.append(...children);
  return made;
}

/** A table's head: one row of column headings, each a <th scope="col">. @param {(Node|string)[]} headings */
export function tableHead(headings) {
  return element('thead', [
    element(
      'tr',
      headings.map((heading) => element('th', [heading], { attributes: { scope: 'col' } })),
    ),
  ]);
}

/**
 * Offers text or bytes as a file download (a same-origin blob: URL; no request leaves the page).
 * @param {string} filename @param {string | Uint8Array} contents @param {string} type
 */
export function downloadFile(filename, contents, type) {
  const url = URL.createObjectURL(new Blob([/** @type {BlobPart} */ (contents)], { type })); // never a SharedArrayBuffer's bytes
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
