// ?embed=1: one view without site chrome, reporting its height to the host page, plus the
// "Embed this view" snippet for the current settings.

/** Turns on embed mode and keeps the parent told of the content height. */
export function startEmbedMode() {
  document.documentElement.classList.add('embedded');
  if (window.parent === window) return;
  let last = 0;
  const report = () => {
    const height = document.documentElement.scrollHeight;
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: 'posenc:height', height }, '*');  // a number only: nothing to protect
  };
  new ResizeObserver(report).observe(document.body);
  report();
}

/** The iframe snippet (with embed.js) that shows the current view with its current settings. */
export function embedSnippet(url = new URL(location.href)) {
  const page = new URL(url);
  page.searchParams.set('embed', '1');
  const script = new URL('embed.js', page);
  return [
    `<iframe src="${page.href}" title="posenc: positional encodings" width="100%" height="900" style="border:0" loading="lazy"></iframe>`,
    `<script src="${script.href}"></script>`,
  ].join('\n');
}
