// The page's JavaScript as the browser loads it (part of `node scripts/build.mjs site`): esbuild
// bundles web/app.js (the first view: tabs, URL, the whole quiz, ts-fsrs) into one minified ESM
// file, dist/app.js, and everything loaded later (the engine glue posenc.js, the three engine views
// with uPlot) into chunks under dist/chunks/ that stay lazy (dynamic import). The trainer worker,
// dist/trainer-worker.js, is a second entry sharing the engine glue chunk. No source maps are
// shipped: the unbundled sources stay in dist/ beside the bundle (tests import them; they are
// what to read). index.html gets <link rel="modulepreload"> for the chunks app.js imports at once,
// and the deck list and the first deck as JSON data blocks (<script type="application/json">: data,
// never executed, so the policy has nothing to allow), so the first card needs no request.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const chunkFolder = 'chunks';
// A `new URL('relative', import.meta.url)` in a source file: rewritten by sitePlugin (here to the
// same target as seen from dist/chunks/, the only place the bundle puts code that uses it: checked below).
const metaUrlPattern = /new URL\(\s*(['"])([^'"]+)\1\s*,\s*import\.meta\.url\s*\)/g;

/**
 * The esbuild plugin both builds share (dist/ here, dist-single/ in scripts/build-single.mjs): npm
 * packages that the sources import as ../vendor/<name> come from node_modules; a
 * `new URL('relative', import.meta.url)` in a source under web/ is rewritten to the same file
 * (relative to web/) resolved against `urlBase`; any other use of import.meta is refused.
 * @param {{ root: string, web: string, vendor: Record<string, string>, urlBase: (target: string) => string,
 *   onCoreImport?: (importer: string) => { path: string, external: boolean } | undefined }} options
 *   urlBase: the expression that replaces `new URL(...)` for a target path under web/; onCoreImport:
 *   how to resolve the Emscripten glue (posenc-core.mjs), undefined to bundle it
 * @returns {{ plugin: import('esbuild').Plugin, usesMetaUrl: Set<string>, relativeToWeb: (file: string) => string }}
 */
export function sitePlugin({ root, web, vendor, urlBase, onCoreImport = undefined }) {
  /** Source files (relative to web/) whose import.meta.url was rewritten. */
  const usesMetaUrl = new Set();
  const relativeToWeb = (file) => path.relative(web, file).split(path.sep).join('/');
  const plugin = {
    name: 'posenc-site',
    setup(build) {
      build.onResolve({ filter: /\/vendor\/[^/]+$/ }, (args) => {
        const file = vendor[path.basename(args.path)];
        if (!file) return { errors: [{ text: `${args.path}: no npm file is known for this vendor copy` }] };
        return { path: path.join(root, file) };
      });
      if (onCoreImport) build.onResolve({ filter: /posenc-core\.mjs$/ }, (args) => onCoreImport(relativeToWeb(args.importer)));
      build.onLoad({ filter: /\.js$/ }, (args) => {
        if (!args.path.startsWith(web + path.sep)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        const folder = path.dirname(args.path);
        let count = 0;
        const contents = source.replace(metaUrlPattern, (whole, quote, relative) => {
          count++;
          const target = relativeToWeb(path.resolve(folder, relative));
          if (target.startsWith('../')) throw new Error(`${relativeToWeb(args.path)}: ${whole} points outside web/`);
          return urlBase(target);
        });
        if (/import\.meta/.test(contents.replace(metaUrlPattern, ''))) {
          return {
            errors: [
              {
                text: `${relativeToWeb(args.path)}: import.meta is used other than in new URL('relative path', import.meta.url); the bundle cannot keep its meaning`,
              },
            ],
          };
        }
        if (count > 0) usesMetaUrl.add(relativeToWeb(args.path));
        return { contents, loader: 'js' };
      });
    },
  };
  return { plugin, usesMetaUrl, relativeToWeb };
}

/**
 * @param {{ root: string, web: string, dist: string, vendor: Record<string, string> }} options
 *   vendor: the file name under web/../vendor/ each source imports -> the npm file it stands for
 */
export async function bundleSite({ root, web, dist, vendor }) {
  /** Source files importing the Emscripten glue, kept as the separate file dist/posenc-core.mjs. */
  const importsCore = new Set();
  const { plugin, usesMetaUrl, relativeToWeb } = sitePlugin({
    root,
    web,
    vendor,
    urlBase: (target) => `new URL(${JSON.stringify(`../${target}`)}, import.meta.url)`,
    // The Emscripten glue (closure-compiled already) stays a file of its own beside posenc.wasm.
    onCoreImport: (importer) => {
      importsCore.add(importer);
      return { path: '../posenc-core.mjs', external: true };
    },
  });

  const result = await esbuild.build({
    entryPoints: [path.join(web, 'app.js'), path.join(web, 'trainer-worker.js')],
    absWorkingDir: root,
    outdir: dist,
    outbase: web,
    entryNames: '[dir]/[name]',
    chunkNames: `${chunkFolder}/[name]-[hash]`,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    sourcemap: false,
    legalComments: 'none',
    banner: { js: '// posenc, bundled by esbuild from web/ (the sources are in this folder too); npm code included under its licence: vendor/*.LICENSE.txt' },
    metafile: true,
    logLevel: 'warning',
    plugins: [plugin],
  });

  // Every module that resolves paths against import.meta.url, or imports ../posenc-core.mjs, must
  // have landed in dist/chunks/, where the rewritten paths hold.
  const outputOf = new Map();
  for (const [output, { inputs }] of Object.entries(result.metafile.outputs)) {
    for (const input of Object.keys(inputs)) outputOf.set(relativeToWeb(path.resolve(root, input)), path.relative(dist, path.resolve(root, output)));
  }
  for (const source of [...usesMetaUrl, ...importsCore]) {
    const output = outputOf.get(source);
    if (path.dirname(output ?? '') !== chunkFolder)
      throw new Error(`bundle: ${source} ended up in dist/${output}, not in dist/${chunkFolder}/; its relative URLs would break`);
  }

  // What app.js imports statically: preloaded with it.
  const app = result.metafile.outputs[path.relative(root, path.join(dist, 'app.js'))];
  const staticChunks = app.imports
    .filter((entry) => entry.kind === 'import-statement' && !entry.external)
    .map((entry) => path.relative(dist, path.resolve(root, entry.path)).split(path.sep).join('/'));
  const decks = JSON.parse(readFileSync(path.join(web, 'decks', 'index.json'), 'utf8')).decks;
  const htmlFile = path.join(dist, 'index.html');
  const html = readFileSync(htmlFile, 'utf8');
  const script = '<script type="module" src="app.js"></script>';
  if (!html.includes(script)) throw new Error(`bundle: web/index.html has no ${script}`);
  const preloads = staticChunks.map((file) => `<link rel="modulepreload" href="${file}">`);
  // Read by web/quiz/quiz-app.js (data-file names the file). A file that is not valid JSON is left to
  // the page to fetch, so it reports the error as usual. '<' only occurs inside JSON strings, where
  // \u003c means the same, so no '</script' or '<!--' can end the block early.
  const embedded = ['decks/index.json', ...decks.slice(0, 1).map((id) => `decks/${id}.json`)].flatMap((file) => {
    const text = readFileSync(path.join(web, file), 'utf8');
    try {
      JSON.parse(text);
    } catch {
      return [];
    }
    return [`<script type="application/json" data-file="${file}">${text.trim().replaceAll('<', '\\u003c')}</script>`];
  });
  writeFileSync(htmlFile, html.replace(script, [script, ...preloads].join('\n  ')).replace('</head>', `  ${embedded.join('\n  ')}\n</head>`));

  return Object.fromEntries(Object.entries(result.metafile.outputs).map(([output, { bytes }]) => [path.relative(dist, path.resolve(root, output)), bytes]));
}
