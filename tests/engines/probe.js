// Added first in every page the journeys open (by their test server, as a same-origin file, so the strict
// CSP still holds): it records what a learner would never see but a journey must, in every engine alike
// (WebDriver classic has no console log). The journeys read window.journeyRecord back.
(() => {
  // A journey sets this flag to be the browser that turns WebAssembly off (Safari's Lockdown Mode does).
  if (sessionStorage.getItem('journey:no-webassembly')) delete globalThis.WebAssembly;
  // And the browser that refuses the page its storage (a school's policy, an LMS frame with storage blocked).
  if (sessionStorage.getItem('journey:no-storage')) {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  }
  const record = { errors: [], violations: [], foreign: [] };
  Object.defineProperty(window, 'journeyRecord', { value: record });
  addEventListener(
    'error',
    (event) => {
      if (event instanceof ErrorEvent) record.errors.push(`${event.message} (${event.filename}:${event.lineno})`);
      else record.errors.push(`failed to load ${event.target?.src ?? event.target?.href ?? event.target?.tagName}`);
    },
    true,
  );
  addEventListener('unhandledrejection', (event) => record.errors.push(`unhandled rejection: ${event.reason?.stack ?? event.reason}`));
  document.addEventListener('securitypolicyviolation', (event) =>
    record.violations.push(`${event.effectiveDirective} refused ${event.blockedURI || '(inline)'} (${event.sourceFile}:${event.lineNumber})`),
  );
  const consoleError = console.error;
  console.error = (...parts) => {
    record.errors.push(`console.error: ${parts.map(String).join(' ')}`);
    consoleError.apply(console, parts);
  };
  const foreign = (url) => {
    const { protocol, origin } = new URL(url, location.href);
    return !['data:', 'blob:'].includes(protocol) && origin !== location.origin;
  };
  // What the page offers as a download (name and size), so a journey can wait for the whole file.
  const downloads = [];
  Object.defineProperty(window, 'journeyDownloads', { value: downloads });
  const blobSizes = new Map();
  const createObjectURL = URL.createObjectURL;
  URL.createObjectURL = (object) => {
    const url = createObjectURL.call(URL, object);
    if (object instanceof Blob) blobSizes.set(url, object.size);
    return url;
  };
  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[download]') : null;
      if (link) downloads.push({ name: link.getAttribute('download'), size: blobSizes.get(link.href) ?? null });
    },
    true,
  );
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (foreign(entry.name)) record.foreign.push(entry.name);
  }).observe({ type: 'resource', buffered: true });
})();
