// A small static server for dist/ on 127.0.0.1, with the page's Content-Security-Policy.
// `node scripts/serve.mjs` serves on PORT (default 8000); tests import startServer.
import { createServer } from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const contentTypes = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * Serves `folder` on host:port (port 0 picks a free one). `firstScript` (tests only) is a same-origin
 * script file that every HTML page loads before its own scripts: { file, at } serves `file` at path `at`.
 * @param {{ folder?: string, host?: string, port?: number, firstScript?: { file: string, at: string } }} [options]
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export function startServer({ folder = path.join(root, 'dist'), host = '127.0.0.1', port = 8000, firstScript } = {}) {
  // File contents and headers are kept in memory, read before the server listens; one stat per
  // request (a single trip to the thread pool, where reading a file takes several) checks that the
  // file has not changed since, so a rebuild while serving is picked up at once. The ETag answers a
  // browser's revalidation with 304.
  /** @type {Map<string, { version: string, body: Buffer, headers: Record<string, string> }>} */
  const cache = new Map();
  const versionOf = (info) => `"${info.ino.toString(36)}-${info.size.toString(36)}-${info.mtimeMs.toString(36)}"`;
  const scriptAt = firstScript && path.join(folder, firstScript.at);
  async function load(file, version) {
    let body = await readFile(file);
    if (firstScript && path.extname(file) === '.html') body = Buffer.from(String(body).replace(/<head>/i, `$&<script src="${firstScript.at}"></script>`));
    const entry = {
      version,
      body,
      headers: {
        'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
        'Content-Security-Policy': contentSecurityPolicy,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-cache',
        ETag: version,
      },
    };
    cache.set(file, entry);
    return entry;
  }
  const warm = readdir(folder, { recursive: true })
    .then((names) =>
      Promise.all(
        names.map(async (name) => {
          const file = path.join(folder, name);
          const info = await stat(file);
          if (info.isFile()) await load(file, versionOf(info));
        }),
      ),
    )
    .catch(() => {}); // a missing folder or file is answered 404 when asked for
  const server = createServer(async (request, response) => {
    let file;
    try {
      const pathname = decodeURIComponent(new URL(request.url, 'http://localhost').pathname);
      file = path.join(folder, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    } catch {
      response.writeHead(400, { 'Content-Type': 'text/plain' }).end('Bad request');
      return;
    }
    if (!file.startsWith(folder + path.sep)) {
      response.writeHead(403).end('Forbidden');
      return;
    }
    try {
      const source = file === scriptAt ? firstScript.file : file;
      const version = versionOf(await stat(source));
      let entry = cache.get(source);
      if (entry?.version !== version) entry = await load(source, version);
      if (request.headers['if-none-match'] === version) response.writeHead(304, entry.headers).end();
      else response.writeHead(200, entry.headers).end(request.method === 'HEAD' ? undefined : entry.body);
    } catch {
      cache.delete(file);
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    }
  });
  return warm.then(
    () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const { port: actual } = server.address();
          resolve({ url: `http://${host}:${actual}/`, close: () => new Promise((done) => server.close(() => done())) });
        });
      }),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 8000);
  startServer({ port }).then(
    ({ url }) => console.log(`posenc is being served at ${url}  (Ctrl+C stops it)`),
    (error) => {
      console.error(`serve: cannot listen on 127.0.0.1:${port}: ${error.message}. Set PORT to another port.`);
      process.exit(1);
    },
  );
}
