// The Emscripten module web/posenc.js loads (built into dist/, not in web/). Only posenc.js touches it, and
// web/posenc.d.ts types what posenc.js hands on, so the bindings' own fields stay loose here.
// Every binding returns its fields with ok: true, or why it refused.
// biome-ignore lint/suspicious/noExplicitAny: each binding's fields are typed in web/posenc.d.ts
export type CoreResult = { ok: true; [field: string]: any } | { ok: false; errorName: 'RangeError' | 'TypeError'; message: string };

export interface PosencCore {
  count_emval_handles(): number;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  [binding: string]: (...args: any[]) => any;
}

export default function createPosencModule(options?: { locateFile?: (name: string) => string; wasmBinary?: ArrayBuffer | Uint8Array }): Promise<PosencCore>;
