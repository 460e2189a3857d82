// The Emscripten module web/posenc.js loads (built into dist/, not in web/). Only posenc.js touches it;
// its typed surface is web/posenc.d.ts. Every binding returns its fields with ok: true, or why it refused.
export type CoreResult = { ok: true; [field: string]: any } | { ok: false; errorName: 'RangeError' | 'TypeError'; message: string };

export interface PosencCore {
  count_emval_handles(): number;
  [binding: string]: (...args: any[]) => any;
}

export default function createPosencModule(options?: {
  locateFile?: (name: string) => string;
  wasmBinary?: ArrayBuffer | Uint8Array;
}): Promise<PosencCore>;
