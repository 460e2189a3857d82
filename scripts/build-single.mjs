// npm run build:single (node scripts/build.mjs single): the whole site as one HTML file,
// dist-single/posenc.html, that opens from file:// with no request of any kind. Inside it:
// - the page's JavaScript as one inline module (esbuild, no chunks; the engine glue included),
//   after web/single/inlined-files.js, which serves fetch() and new Worker() from the data blocks;
// - the styles (the site's and uPlot's) as inline <style> elements, the icon as a data: URL;
// - data blocks (<script data-file>, never executed): every deck, the published results, the
//   trainer worker's own bundle, the engine's wasm and the shipped trained models (base64).
// Its Content-Security-Policy allows exactly those scripts and styles by hash, WebAssembly
// ('wasm-unsafe-eval'), workers from blob: URLs and data: images; nothing else, and no network.
// The build fails if the file is over its budget (1 MB gzip) or a block could end early.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { sitePlugin } from './bundle.mjs';

/** Gzip bytes the file may take. */
export const SINGLE_FILE_BUDGET = 1_000_000;

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

// What the one-file page leaves out: modules that fetch megabytes of WebAssembly on demand (the FSRS
// optimiser, the .apkg writer). Each is replaced by a module whose functions say so when called.
const leftOut = {
  'quiz/optimiser.js': ['optimiseParameters', 'the FSRS optimiser'],
  'quiz/anki-package.js': ['ankiPackage', 'the Anki package export'],
};
const leaveOut = {
  name: 'posenc-single-left-out',
  setup(build) {
    const pattern = new RegExp(
      `(${Object.keys(leftOut)
        .map((file) => file.split('/').pop().replace('.', '\\.'))
        .join('|')})$`,
    );
    build.onResolve({ filter: pattern }, (args) => {
      const file = Object.keys(leftOut).find((name) => args.path.endsWith(name.split('/').pop()));
      return { path: file, namespace: 'left-out' };
    });
    build.onLoad({ filter: /.*/, namespace: 'left-out' }, (args) => {
      const [name, what] = leftOut[args.path];
      return {
        contents: `export async function ${name}() { throw new Error(${JSON.stringify(`${what} is not part of the one-file page; the site has it`)}); }`,
        loader: 'js',
      };
    });
  },
};

/** One minified bundle of `imports` (paths under web/), in memory: ESM, or a classic script (iife). */
async function bundleOne({ root, web, vendor, imports, label, format = 'esm' }) {
  const { plugin } = sitePlugin({
    root,
    web,
    vendor,
    // Files the sources name beside themselves are found beside the page (web/single/inlined-files.js serves them).
    urlBase: (target) => `new URL(${JSON.stringify(target)}, globalThis.posencBaseUrl)`,
    onCoreImport: () => ({ path: path.join(root, 'build/wasm-out/posenc-core.mjs') }),
  });
  const result = await esbuild.build({
    stdin: { contents: imports.map((file) => `import './${file}';`).join('\n'), resolveDir: web, sourcefile: `${label}.js`, loader: 'js' },
    absWorkingDir: root,
    bundle: true,
    splitting: false,
    format,
    platform: 'browser',
    minify: true,
    sourcemap: false,
    // In a classic worker the Emscripten glue's import.meta is empty, and it finds its place from self.location.
    legalComments: 'none',
    write: false,
    logLevel: 'error',
    plugins: [leaveOut, plugin],
    ...(format === 'iife' ? { define: { 'import.meta.url': 'undefined' } } : {}),
  });
  return result.outputFiles[0].text;
}

/** Text that sits inside a <script> or <style> element must not be able to close it. */
function inert(text, element, what) {
  if (new RegExp(`</${element}|<!--`, 'i').test(text)) throw new Error(`build-single: ${what} contains </${element} or <!--, which would end its block early`);
  return text;
}

/**
 * Builds dist-single/posenc.html.
 * @param {{ root: string, vendor: Record<string, string> }} options  vendor: as for bundleSite
 * @returns {Promise<{ file: string, bytes: number, gzipBytes: number }>}
 */
export async function buildSingle({ root, vendor }) {
  const web = path.join(root, 'web');
  const read = (file) => readFileSync(path.join(web, file), 'utf8');
  const page = inert(
    await bundleOne({ root, web, vendor, imports: ['single/inlined-files.js', 'app.js'], label: 'posenc-single' }),
    'script',
    'the page bundle',
  );
  // A classic worker: Chromium refuses a module worker from a blob: URL made by a file:// page (an opaque origin).
  const worker = await bundleOne({
    root,
    web,
    vendor,
    imports: ['single/worker-files.js', 'trainer-worker.js'],
    label: 'trainer-worker-single',
    format: 'iife',
  });

  const styles = [read('styles.css'), read('views/views.css')].map((css) => inert(css, 'style', 'a stylesheet'));
  // line-chart.js links uPlot's stylesheet unless an element marked data-uplot is there already.
  const uplotCss = inert(readFileSync(path.join(root, 'node_modules/uplot/dist/uPlot.min.css'), 'utf8'), 'style', 'uPlot.min.css');
  const decks = JSON.parse(read('decks/index.json')).decks;
  const jsonFiles = [
    'decks/index.json',
    ...decks.map((id) => `decks/${id}.json`),
    'data/published.json',
    'data/trained-models.json',
    'data/trained-model-scores.json',
  ];
  const blocks = [
    ...jsonFiles.map(
      (file) => `<script type="application/json" data-file="${file}">${JSON.stringify(JSON.parse(read(file))).replaceAll('<', '\\u003c')}</script>`,
    ),
    `<script type="text/plain" data-file="trainer-worker.js" data-encoding="base64">${Buffer.from(worker).toString('base64')}</script>`,
    `<script type="application/octet-stream" data-file="posenc.wasm" data-encoding="base64">${readFileSync(path.join(root, 'build/wasm-out/posenc-core.wasm')).toString('base64')}</script>`,
    `<script type="application/octet-stream" data-file="data/trained-models.bin" data-encoding="base64">${readFileSync(path.join(web, 'data/trained-models.bin')).toString('base64')}</script>`,
  ];

  const policy = [
    "default-src 'none'",
    `script-src ${sha256(page)} 'wasm-unsafe-eval'`,
    `style-src ${[...styles, uplotCss].map(sha256).join(' ')}`,
    'img-src data:',
    'worker-src blob:',
    "connect-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const icon = `data:image/svg+xml;base64,${Buffer.from(read('favicon.svg')).toString('base64')}`;
  const replacements = [
    [/<meta http-equiv="Content-Security-Policy" content="[^"]*">/, `<meta http-equiv="Content-Security-Policy" content="${policy}">`],
    ['<link rel="icon" href="favicon.svg" type="image/svg+xml">', `<link rel="icon" href="${icon}" type="image/svg+xml">`],
    ['<link rel="stylesheet" href="styles.css">', `<style>${styles[0]}</style>`],
    ['<link rel="stylesheet" href="views/views.css">', `<style>${styles[1]}</style>\n  <style data-uplot>${uplotCss}</style>`],
    ['<script type="module" src="app.js"></script>', `<script type="module">${page}</script>`],
    ['<script src="start-check.js" defer></script>', ''], // the single file starts wherever it is opened
    ['</body>', `  ${blocks.join('\n  ')}\n</body>`],
  ];
  let html = read('index.html');
  for (const [pattern, replacement] of replacements) {
    if (!(typeof pattern === 'string' ? html.includes(pattern) : pattern.test(html))) throw new Error(`build-single: web/index.html has no ${pattern}`);
    html = html.replace(pattern, () => replacement);
  }

  const file = path.join(root, 'dist-single', 'posenc.html');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
  const bytes = Buffer.byteLength(html);
  const gzipBytes = gzipSync(html, { level: 9 }).length;
  if (gzipBytes > SINGLE_FILE_BUDGET)
    throw new Error(`build-single: ${path.relative(root, file)} is ${gzipBytes} bytes gzip, over its budget of ${SINGLE_FILE_BUDGET}`);
  return { file, bytes, gzipBytes };
}
