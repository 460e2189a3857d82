// For pages that embed posenc in an iframe: <script src="…/embed.js"></script> after the iframe.
// The embedded page posts { type: 'posenc:height', height } whenever its content height changes;
// this resizes the iframe that sent it (matched by window and origin), so no scroll bar appears.
(() => {
  window.addEventListener('message', (event) => {
    const data = event.data;
    if (data?.type !== 'posenc:height' || !Number.isFinite(data.height)) return;
    for (const frame of document.querySelectorAll('iframe')) {
      if (frame.contentWindow !== event.source) continue;
      if (new URL(frame.src, location.href).origin !== event.origin) continue;
      frame.style.height = `${Math.ceil(Math.min(data.height, 20000))}px`;
    }
  });
})();
