// What overflows sideways on the page now, for the layout tests: the page itself scrolling
// sideways, any shown element reaching past the viewport or past the panel of its view, and any
// element that scrolls sideways on its own (code blocks excepted: code keeps its lines).
export function sidewaysOverflow() {
  const width = document.documentElement.clientWidth;
  const problems = [];
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''}`;
  if (document.documentElement.scrollWidth > width) {
    // Name what reaches past the viewport, including what the pass below skips (no size, hidden, fixed).
    const past = [...document.body.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > width + 0.5).slice(-3);
    // Text can reach past while every box stays inside: a word wider than its box overflows it visibly.
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const textPast = [];
    for (let node = texts.nextNode(); node && textPast.length < 3; node = texts.nextNode()) {
      range.selectNodeContents(node);
      const right = range.getBoundingClientRect().right;
      if (right > width + 0.5) textPast.push(`text "${node.textContent.trim().slice(0, 40)}" in ${name(node.parentElement)} to ${Math.round(right)}`);
    }
    // And the boxes whose content is wider than they are, widest first: where the extra width comes from.
    const spilling = [...document.body.querySelectorAll('*')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
      .sort((a, b) => b.scrollWidth - a.scrollWidth)
      .slice(0, 3)
      .map((el) => `${name(el)} holds ${el.scrollWidth} px in ${el.clientWidth}`);
    const culprits = [...past.map((el) => `${name(el)} to ${Math.round(el.getBoundingClientRect().right)}`), ...textPast, ...spilling].join(', ');
    problems.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px viewport${culprits ? ` (reaching past it: ${culprits})` : ''}`);
  }
  const panel = document.querySelector('section.view:not([hidden])')?.getBoundingClientRect();
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('[hidden], .visually-hidden, dialog:not([open]), pre, .skip-link') && el.tagName !== 'PRE') continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden' || style.position === 'fixed') continue;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const inPanel = panel && el.closest('section.view');
    const [left, right] = inPanel ? [panel.left, panel.right] : [0, width];
    if (box.left < left - 0.5 || box.right > right + 0.5) problems.push(`${name(el)} spans ${Math.round(box.left)}..${Math.round(box.right)}, outside ${Math.round(left)}..${Math.round(right)}`);
    if (el.tagName !== 'PRE' && ['auto', 'scroll'].includes(style.overflowX) && el.scrollWidth > el.clientWidth + 1) problems.push(`${name(el)} scrolls sideways (${el.scrollWidth} > ${el.clientWidth})`);
  }
  return problems.slice(0, 12);
}

/** Waits (up to 5 s) for the page to lay out without sideways overflow after a resize, then returns what still overflows. */
export async function settledOverflow(page) {
  await page.waitForFunction(`(${sidewaysOverflow})().length === 0`, null, { timeout: 5_000 }).catch(() => {});
  return page.evaluate(sidewaysOverflow);
}

/** Bottom of the lowest visible element in the page, in its document's coordinates (an embedded page's content height). */
export function contentBottom() {
  let bottom = 0;
  for (const element of document.body.querySelectorAll('*')) {
    // A closed <details> shows only its summary; Chromium still gives the rest boxes (laid out
    // but not rendered), so they are skipped.
    const closed = element.parentElement?.closest('details:not([open])');
    if (closed && !closed.querySelector(':scope > summary')?.contains(element)) continue;
    const box = element.getBoundingClientRect();
    if (box.height > 0 && getComputedStyle(element).visibility !== 'hidden') bottom = Math.max(bottom, box.bottom + window.scrollY);
  }
  return bottom;
}

/**
 * Each visible <select> showing its longest option in turn (set without a change event, so the page
 * does nothing with it, then put back): whether the page then grows wider than the viewport. An
 * engine may count the chosen option's text past the box as the page's width (WebKitGTK did).
 */
export function longestOptionsOverflow() {
  const width = document.documentElement.clientWidth;
  const problems = [];
  for (const select of document.querySelectorAll('select')) {
    if (select.options.length === 0 || select.getBoundingClientRect().width === 0) continue;
    const chosen = select.selectedIndex;
    const longest = [...select.options].reduce((a, b) => (b.text.length > a.text.length ? b : a));
    select.selectedIndex = longest.index;
    const wide = document.documentElement.scrollWidth;
    select.selectedIndex = chosen;
    if (wide > width) problems.push(`select#${select.id} showing "${longest.text}": the page is ${wide} px wide in a ${width} px viewport`);
  }
  return problems;
}
