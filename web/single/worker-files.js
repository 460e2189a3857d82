// The trainer worker of the single-file build, bundled first: its source is a blob with nothing
// beside it, so the engine's fetch of posenc.wasm is answered from the bytes its prelude carries
// (web/single/inlined-files.js writes the prelude).
import { serveInlined } from './serve-inlined.js';

const wasmUrl = new URL('posenc.wasm', globalThis.posencBaseUrl).href;
serveInlined(globalThis.posencBaseUrl, (url) => (url === wasmUrl ? { text: globalThis.posencInlinedWasm, base64: true, type: 'application/wasm' } : undefined));
