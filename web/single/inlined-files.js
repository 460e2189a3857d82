// The single-file build (dist-single/posenc.html, scripts/build-single.mjs) carries every file the
// page would fetch as a data block in the HTML (<script data-file="decks/core.json">, base64 where
// data-encoding says so). This module, bundled first, serves fetch() and new Worker() for those
// paths from the blocks, so the page runs from file:// or in a sandboxed frame and makes no request
// of any kind. The worker gets the page's URL and the engine's bytes in a prelude to its source.
import { bytesOf, serveInlined } from './serve-inlined.js';

const base = document.baseURI;
/** What the bundle resolves the files its sources name relative to themselves against (sitePlugin's urlBase). */
globalThis.posencBaseUrl = base;

const TYPES = { wasm: 'application/wasm', json: 'application/json', js: 'text/javascript' };
/** URL -> the file its data block holds. */
const files = new Map(
  [.../** @type {NodeListOf<HTMLScriptElement>} */ (document.querySelectorAll('script[data-file]'))].map((block) => [
    new URL(block.dataset.file, base).href,
    {
      text: block.textContent.trim(),
      base64: block.dataset.encoding === 'base64',
      type: TYPES[block.dataset.file.split('.').pop()] ?? 'application/octet-stream',
    },
  ]),
);
const fileAt = (url) => {
  try {
    return files.get(new URL(String(url), base).href);
  } catch {
    return undefined;
  }
};

serveInlined(base, (url) => files.get(url));

const NativeWorker = globalThis.Worker;
globalThis.Worker = class InlinedWorker extends NativeWorker {
  constructor(url, options) {
    const script = fileAt(url);
    if (!script) {
      super(url, options);
      return;
    }
    const prelude = `globalThis.posencBaseUrl = ${JSON.stringify(base)};\nglobalThis.posencInlinedWasm = ${JSON.stringify(fileAt('posenc.wasm').text)};\n`;
    // A classic worker (the build bundles it so): a module worker from a blob: URL is refused under an opaque origin.
    super(URL.createObjectURL(new Blob([prelude, script.base64 ? bytesOf(script.text) : script.text], { type: 'text/javascript' })), {
      ...options,
      type: 'classic',
    });
  }
};
