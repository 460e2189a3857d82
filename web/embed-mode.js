// ?embed=1: one view without site chrome, sized to its own content in the host page and never
// scrolling it; ?theme=light|dark|auto for any page (an embed follows the host page, not the OS);
// and the "Embed this view" snippet for the current view and settings.

/** The values of ?theme=, the first being the default: auto follows the OS setting. */
const THEMES = ['auto', 'light', 'dark'];
const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * Applies ?theme=: light or dark turns the stylesheets' dark-palette rule (the one @media block
 * gated on prefers-color-scheme) off or on for good, so the palette stays defined once; auto keeps
 * the media query. Form controls follow through color-scheme.
 * @param {string | null} theme
 */
export function applyTheme(theme) {
  if (theme !== 'light' && theme !== 'dark') return;
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
  for (const sheet of document.styleSheets) {
    let rules;
    try {
      rules = sheet.cssRules;
    } catch {
      continue;
    } // another origin's sheet: not ours
    for (const rule of rules) {
      if (rule instanceof CSSMediaRule && rule.conditionText.replaceAll(' ', '') === DARK_QUERY.replaceAll(' ', '')) {
        rule.media.mediaText = theme === 'dark' ? 'all' : 'not all';
      }
    }
  }
}

/**
 * Turns on embed mode and keeps the parent told of the content's own height: the body's, which,
 * unlike the document's scroll height, is never held up by the iframe's current height, so the
 * frame shrinks as well as grows. Sent as posenc:height (for embed.js) and as Canvas's
 * lti.frameResize; a number is all they carry, so any host may read them. The first report waits
 * for the view (call the returned contentReady): the frame keeps the snippet's height meanwhile,
 * rather than shrinking to "Loading…", which a frame out of view (whose rendering, and so its
 * resize observer, the browser holds back) would keep until scrolled to.
 * @returns {{ contentReady: () => void }}
 */
export function startEmbedMode() {
  document.documentElement.classList.add('embedded');
  if (window.parent === window) return { contentReady() {} };
  keepHostStill();
  let last = 0;
  const report = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: 'posenc:height', height }, '*');
    window.parent.postMessage({ subject: 'lti.frameResize', height }, '*');
  };
  let observer = null;
  return {
    contentReady() {
      if (observer) return;
      observer = new ResizeObserver(report);
      observer.observe(document.body);
      report();
    },
  };
}

/**
 * Programmatic focus() and scrollIntoView() scroll every ancestor frame into line, the host page
 * included, even across origins (Chromium). In a frame, focus() therefore never scrolls, and
 * scrollIntoView() scrolls the frame's own viewport only (it has one when the host fixed its height).
 * Moving focus with Tab is the browser's own and still brings the control into view.
 */
function keepHostStill() {
  const focus = HTMLElement.prototype.focus;
  HTMLElement.prototype.focus = function focusWithoutScrolling(options) {
    focus.call(this, { ...options, preventScroll: true });
  };
  Element.prototype.scrollIntoView = function scrollWithinFrame() {
    const box = this.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) window.scrollBy(0, box.top);
  };
}

const escapeAttribute = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * The iframe snippet (with embed.js) that shows a view with its current settings.
 * @param {{ url?: URL, title: string, theme?: string }} options  title: the iframe's accessible name
 */
export function embedSnippet({ url = new URL(location.href), title, theme = THEMES[0] }) {
  const page = new URL(url);
  page.searchParams.set('embed', '1');
  page.searchParams.set('theme', THEMES.includes(theme) ? theme : THEMES[0]);
  const script = new URL('embed.js', page);
  return [
    `<iframe src="${escapeAttribute(page.href)}" title="${escapeAttribute(title)}" width="100%" height="900" style="border:0" loading="lazy"></iframe>`,
    `<script src="${escapeAttribute(script.href)}"></script>`,
  ].join('\n');
}

const THEME_LABELS = { auto: "Follow the reader's system (auto)", light: 'Light', dark: 'Dark' };

/**
 * "Embed this view": shows the snippet for the view on screen, with its title (prefilled with the
 * view's name as its tab shows it) and theme as fields the instructor can change, and copies it.
 * @param {{ button: HTMLButtonElement, box: HTMLElement, text: HTMLTextAreaElement, announce: HTMLElement }} parts
 */
export function startEmbedKit({ button, box, text, announce }) {
  const title = document.createElement('input');
  title.id = 'embed-title';
  title.type = 'text';
  const theme = document.createElement('select');
  theme.id = 'embed-theme';
  for (const value of THEMES) theme.append(new Option(THEME_LABELS[value], value));
  const field = (control, label) => {
    const wrapper = document.createElement('div');
    wrapper.className = 'control';
    const caption = document.createElement('label');
    caption.htmlFor = control.id;
    caption.textContent = label;
    wrapper.append(caption, control);
    return wrapper;
  };
  const fields = document.createElement('div');
  fields.className = 'embed-fields';
  fields.append(field(title, 'Title (what screen readers announce for the frame)'), field(theme, 'Theme (match the course page)'));
  box.prepend(fields);

  const update = () => {
    text.value = embedSnippet({ title: title.value, theme: theme.value });
  };
  title.addEventListener('input', update);
  theme.addEventListener('change', update);
  button.addEventListener('click', async () => {
    const view = document.querySelector('.view-tabs a[aria-current="page"]')?.textContent.trim() ?? 'positional encodings';
    title.value = `posenc: ${view}`;
    update();
    box.hidden = false;
    text.select();
    try {
      await navigator.clipboard.writeText(text.value);
      announce.textContent = 'Copied to the clipboard.';
    } catch {
      announce.textContent = 'Select the text below and copy it.';
    }
  });
}
