// The page's .apkg export: sql.js (SQLite in WebAssembly) and fflate (zip), both npm and pinned,
// loaded only when the learner exports, so the first view never carries them.
import initSqlJs from '../vendor/sql-wasm-browser.js';
import { zipSync } from '../vendor/fflate.js';
import { buildApkg } from './apkg.js';

const sqlWasm = new URL('../vendor/sql-wasm-browser.wasm', import.meta.url);
let sql = null;

/** @param {Omit<Parameters<typeof buildApkg>[0], 'SQL' | 'zipSync'>} input */
export async function ankiPackage(input) {
  sql ??= initSqlJs({ locateFile: () => sqlWasm.href });
  return buildApkg({ ...input, SQL: await sql, zipSync });
}
