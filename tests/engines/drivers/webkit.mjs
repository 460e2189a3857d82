// WebKitGTK (Safari's engine): Debian's WebKitWebDriver, a W3C WebDriver (classic) server, spoken to
// with fetch. WebKitGTK needs an X display even headless, and CI has none: the driver gets an Xvfb
// display of its own, started here and ended with it. Each runs in its own process group, so ending
// the group also ends the MiniBrowser and WebKit's web and network processes under it.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf'; // the W3C key of an element reference
const CALL_TIMEOUT = 30_000;
const SESSION_TIMEOUT = 30_000; // with no display the session request hangs without an error
const MAX_SLICES = 8; // a screenshot of a tall page: at most this many viewports of it

// The keys press() knows, as WebDriver's code points.
const keys = {
  Enter: '\uE007',
  Tab: '\uE004',
  Escape: '\uE00C',
  Space: ' ',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  End: '\uE010',
  Home: '\uE011',
};

/** A free TCP port on loopback. */
async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((done) => server.close(done));
  return port;
}

/** Ends a process group started with `detached: true`, and waits for its leader. */
async function endGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
  }, 5_000);
  await exited;
  clearTimeout(timer);
}

/** Xvfb on a display it picks itself (-displayfd), so parallel runs never collide. */
async function startXvfb() {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  xvfb.stderr.on('data', (chunk) => {
    errors += chunk;
  });
  const display = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Xvfb printed no display within 10 s: ${errors.trim()}`)), 10_000);
    xvfb.stdio[3].once('data', (chunk) => {
      clearTimeout(timer);
      resolve(`:${String(chunk).trim()}`);
    });
    xvfb.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb ended (${code}) before it opened a display: ${errors.trim()}`));
    });
  });
  return { display, close: () => endGroup(xvfb) };
}

/** The journeys' driver (../driver.mjs) for WebKitGTK. @returns {Promise<import('../driver.mjs').Driver>} */
export async function openWebKit() {
  // WebKitGTK saves a download, without asking, in the user's download folder, or in $HOME where none
  // is set: the browser gets a home of its own (its caches stay in the real one's).
  const downloads = mkdtempSync(path.join(tmpdir(), 'posenc-downloads-'));
  const ended = [async () => rmSync(downloads, { recursive: true, force: true })];
  const closeAll = async () => {
    for (const close of ended.reverse()) await close();
  };
  try {
    const xvfb = await startXvfb();
    ended.push(xvfb.close);
    const port = await freePort();
    const driver = spawn('WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, DISPLAY: xvfb.display, HOME: downloads, XDG_CACHE_HOME: process.env.XDG_CACHE_HOME ?? path.join(homedir(), '.cache') },
    });
    ended.push(() => endGroup(driver));
    const base = `http://127.0.0.1:${port}`;

    /** One WebDriver call: its value, or an error naming the command and the driver's message. */
    async function call(method, route, body, timeout = CALL_TIMEOUT) {
      const response = await fetch(`${base}${route}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeout),
      }).catch((error) => {
        throw new Error(`WebKitWebDriver ${method} ${route}: ${error.name === 'TimeoutError' ? `no answer in ${timeout / 1000} s` : error.message}`);
      });
      const { value } = await response.json();
      if (!response.ok) throw new Error(`WebKitWebDriver ${method} ${route}: ${value?.error}: ${value?.message}`);
      return value;
    }

    // The driver listens a moment after it starts.
    const deadline = Date.now() + 10_000;
    while (
      !(await call('GET', '/status', undefined, 1_000).then(
        (status) => status?.ready,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error('WebKitWebDriver did not answer /status within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const session = await call(
      'POST',
      '/session',
      { capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } } },
      SESSION_TIMEOUT,
    ).catch((error) => {
      throw new Error(`${error.message} (WebKitGTK needs an X display: this one is Xvfb ${xvfb.display})`);
    });
    const at = `/session/${session.sessionId}`;
    ended.push(() => call('DELETE', at).catch(() => {}));
    const evaluate = (fn, arg) => call('POST', `${at}/execute/sync`, { script: `return (${fn}).call(null, arguments[0]);`, args: [arg ?? null] });
    const viewport = () => evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
    /**
     * The viewport once the window has taken its new size, which it does after the call returns: when it is
     * `wanted`, or has held one size for 200 ms of asking, or after 5 s.
     */
    async function settledViewport(wanted) {
      const deadline = Date.now() + 5_000;
      let since = Date.now();
      let last = null;
      for (;;) {
        const inner = await viewport();
        if (inner.width === wanted?.width && inner.height === wanted?.height) return inner;
        if (!last || inner.width !== last.width || inner.height !== last.height) since = Date.now();
        if (Date.now() - since >= 200 || Date.now() > deadline) return inner;
        last = inner;
      }
    }
    // A 1280 x 900 viewport, as in the other engines: WebDriver sizes the window, its frame included, so
    // the frame's size is measured and added.
    await call('POST', `${at}/window/rect`, { width: 1280, height: 900 });
    const first = await settledViewport(null);
    if (first.width !== 1280 || first.height !== 900) {
      await call('POST', `${at}/window/rect`, { width: 2 * 1280 - first.width, height: 2 * 900 - first.height });
      await settledViewport({ width: 1280, height: 900 });
    }
    const find = async (selector) => (await call('POST', `${at}/element`, { using: 'css selector', value: selector }))[ELEMENT];

    return {
      engine: 'WebKitGTK',
      version: session.capabilities.browserVersion,
      downloads,
      async open(url) {
        await call('POST', `${at}/url`, { url });
      },
      async click(selector) {
        await call('POST', `${at}/element/${await find(selector)}/click`, {});
      },
      async type(selector, text) {
        const element = await find(selector);
        await call('POST', `${at}/element/${element}/clear`, {});
        await call('POST', `${at}/element/${element}/value`, { text });
      },
      async press(key) {
        const value = keys[key] ?? key;
        await call('POST', `${at}/actions`, {
          actions: [
            {
              type: 'key',
              id: 'keyboard',
              actions: [
                { type: 'keyDown', value },
                { type: 'keyUp', value },
              ],
            },
          ],
        });
      },
      async upload(selector, file) {
        await call('POST', `${at}/element/${await find(selector)}/value`, { text: file });
      },
      evaluate,
      async run(source) {
        await call('POST', `${at}/execute/sync`, { script: source, args: [] });
      },
      async evaluateInFrame(frameSelector, fn, arg) {
        await call('POST', `${at}/frame`, { id: { [ELEMENT]: await find(frameSelector) } });
        try {
          return await evaluate(fn, arg);
        } finally {
          await call('POST', `${at}/frame`, { id: null });
        }
      },
      async screenshot(file) {
        // WebDriver takes the viewport only. A taller page is taken in slices, scrolled a viewport at a time:
        // file.png, then file-2.png, file-3.png... (a window grown to the page's height got no more frames).
        const { height } = await viewport();
        const [full, scrolled] = await evaluate(() => [document.documentElement.scrollHeight, window.scrollY]);
        const slices = Math.min(MAX_SLICES, Math.ceil(full / height));
        try {
          for (let slice = 0; slice < slices; slice++) {
            if (slices > 1) await evaluate((y) => window.scrollTo(0, y), slice * height);
            const name = slice === 0 ? file : file.replace(/\.png$/, `-${slice + 1}.png`);
            await writeFile(name, Buffer.from(await call('GET', `${at}/screenshot`), 'base64'));
          }
        } finally {
          if (slices > 1) await evaluate((y) => window.scrollTo(0, y), scrolled);
        }
      },
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
