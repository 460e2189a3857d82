// sql.js ships no types; this is the part of its API the .apkg writer uses (sql.js 1.16.0's README).
export type BindValue = number | string | Uint8Array | null;

export interface Database {
  run(sql: string, params?: BindValue[]): Database;
  export(): Uint8Array;
  close(): void;
}

export interface SqlJsStatic {
  Database: new (data?: ArrayLike<number> | null) => Database;
}

export default function initSqlJs(config?: { locateFile?: (file: string) => string; wasmBinary?: ArrayBuffer | Uint8Array }): Promise<SqlJsStatic>;
