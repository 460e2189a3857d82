// A stand-in for the page that embeds posenc (a course page, an LMS): a second server on another
// origin (http://localhost:<its own port>, while posenc is served from http://127.0.0.1:<port>),
// answering each path from a table of { type, body } or a function of the request and its body.
import { createServer } from 'node:http';

/**
 * @param {Record<string, { type?: string, body: string | Buffer } | ((request: import('node:http').IncomingMessage, body: string) => { type?: string, body: string | Buffer, status?: number })>} routes
 *   path (without the query string) -> response
 * @returns {Promise<{ origin: string, url: (path: string) => string, requests: string[], close: () => Promise<void> }>}
 */
export async function startHost(routes) {
  const requests = [];
  const server = createServer(async (request, response) => {
    requests.push(`${request.method} ${request.url}`);
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const route = routes[new URL(request.url, 'http://localhost').pathname];
    const answer = typeof route === 'function' ? route(request, Buffer.concat(chunks).toString('utf8')) : route;
    if (!answer) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    response.writeHead(answer.status ?? 200, { 'Content-Type': answer.type ?? 'text/html; charset=utf-8', 'Cache-Control': 'no-store' }).end(answer.body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://localhost:${server.address().port}`;
  return {
    origin,
    url: (path) => new URL(path, origin).href,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
