// fetch() answered from files carried in memory, for the single-file build (the page, and its
// trainer worker, whose source is a blob): see web/single/inlined-files.js.

/**
 * @typedef {{ text: string, base64: boolean, type: string }} InlinedFile  text: the file, or its bytes in base64
 */

/** The bytes base64 `text` stands for. */
export const bytesOf = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * Makes fetch() answer every URL `lookup` knows from memory; any other goes to the network (the
 * page's policy, connect-src 'none', refuses it there).
 * @param {string} base  what relative URLs resolve against
 * @param {(url: string) => InlinedFile | undefined} lookup
 */
export function serveInlined(base, lookup) {
  const networkFetch = globalThis.fetch;
  globalThis.fetch = function fetchInlined(input, init) {
    let file;
    try {
      file = lookup(new URL(input instanceof Request ? input.url : String(input), base).href);
    } catch {
      file = undefined;
    }
    if (!file) return networkFetch.call(this, input, init);
    return Promise.resolve(new Response(file.base64 ? bytesOf(file.text) : file.text, { headers: { 'Content-Type': file.type } }));
  };
}
