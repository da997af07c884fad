// Builds the server bundle (dist/server.js, dist/seed.js) and, when present, the client bundle with
// content hashes (dist/public). `--server-only` skips the client. `DIST_DIR` builds elsewhere
// (several servers side by side, e.g. the end-to-end tests next to a running `npm start`).
// `METAFILE=file` writes the client build's esbuild metafile there.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { precompiledMessages } from './src/client/i18n/precompile.ts';

/**
 * JS before first paint (the entry and its static imports, the Brotli bodies the server sends): the
 * same measure as bench:first-visit's «JS before paint kB», and its target (bench/README.md).
 */
const BEFORE_PAINT_BUDGET_KB = 120;
/** The app once signed in: main.tsx loads it lazily, and every screen after it. */
const APP_ROOT = 'src/client/app-root.tsx';
const serverOnly = process.argv.includes('--server-only');
const dist = path.resolve(process.env.DIST_DIR || 'dist');
fs.mkdirSync(dist, { recursive: true });

await esbuild.build({
  // document-worker: the document render thread, started by the server beside its own file (src/server/documents/render-pool.ts).
  entryPoints: { server: 'src/server/main.ts', seed: 'src/server/seed/cli.ts', 'document-worker': 'src/server/documents/render-worker.ts' },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('server bundle: dist/server.js, dist/seed.js, dist/document-worker.js');

if (!serverOnly) {
  const out = path.join(dist, 'public');
  fs.rmSync(out, { recursive: true, force: true });
  fs.cpSync('public', out, { recursive: true });
  const clientEntry = 'src/client/main.tsx';
  if (fs.existsSync(clientEntry)) {
    const buildClient = (plugins, write) => esbuild.build({
      entryPoints: { app: clientEntry },
      outdir: path.join(out, 'assets'),
      entryNames: '[name]-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      // The first pass only reads the chunk graph, which neither minifying nor source maps change.
      minify: write,
      sourcemap: write,
      metafile: true,
      target: 'es2022',
      logLevel: 'warning',
      write,
      // Messages pre-parsed, no ICU parser in the bundle (src/client/i18n/precompile.ts).
      plugins: [precompiledMessages, ...plugins],
    });
    // Two passes: the first finds the lazy entries that only load after the app (appClosureFirst).
    const result = await buildClient([appClosureFirst((await buildClient([], false)).metafile, clientEntry, APP_ROOT)], true);
    // `METAFILE=file` keeps esbuild's metafile, to see which inputs weigh most (e.g. esbuild.github.io/analyze).
    if (process.env.METAFILE) fs.writeFileSync(process.env.METAFILE, JSON.stringify(result.metafile));
    const entry = outputOf(result.metafile, clientEntry);
    // JS before first paint: the entry and every chunk it imports statically, which the browser must
    // all have before the first paint (the sign-in screens of src/client/main.tsx); lazily imported
    // code (the app once signed in, the screens, the commands) comes later and is not counted.
    const initial = new Set();
    const visit = (file) => {
      if (initial.has(file)) return;
      initial.add(file);
      for (const dependency of result.metafile.outputs[file]?.imports ?? []) if (dependency.kind === 'import-statement') visit(dependency.path);
    };
    visit(entry);
    const url = (file) => `/${path.relative(out, file).split(path.sep).join('/')}`;
    // Those chunks are asked for at once with the entry (modulepreload), not one import level after another.
    const preloads = [...initial].filter((file) => file !== entry).map((file) => `    <link rel="modulepreload" href="${url(file)}" />`);
    // The app once signed in (src/client/app-root.tsx) and every chunk it imports statically: main.tsx
    // preloads them at low priority when a session is likely, so they never hold up the sign-in's requests.
    const appRoot = outputOf(result.metafile, APP_ROOT);
    // With them, on the default landing route, the dashboard's chunks.
    const dashboard = outputOf(result.metafile, 'src/client/screens/dashboard-screen.tsx');
    const closure = (start, known) => {
      const files = new Set();
      const visitFile = (file) => {
        if (files.has(file) || known.has(file)) return;
        files.add(file);
        for (const dependency of result.metafile.outputs[file]?.imports ?? []) if (dependency.kind === 'import-statement') visitFile(dependency.path);
      };
      if (start) visitFile(start);
      return files;
    };
    const appModules = closure(appRoot, initial);
    const dashboardModules = closure(dashboard, new Set([...initial, ...appModules]));
    const metas = [`    <meta name="app-modules" content="${[...appModules].map(url).join(' ')}" />`, `    <meta name="dashboard-modules" content="${[...dashboardModules].map(url).join(' ')}" />`];
    const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8')
      .replace('/assets/app.js', `/${path.relative(out, entry)}`)
      .replace('  </head>', `${[...preloads, ...metas].join('\n')}\n  </head>`);
    fs.writeFileSync(path.join(out, 'index.html'), html);
    const precache = await buildServiceWorker(out, result.metafile);
    const precompressed = await precompress(out);
    // As bench:first-visit's «JS before paint kB»: the bodies as the server sends them (the Brotli copies), headers not counted.
    const beforePaint = [...initial].reduce((sum, file) => sum + (precompressed.get(path.resolve(file))?.br ?? fs.statSync(file).size), 0);
    console.log(`client bundle: ${path.relative(dist, entry)}; JS before first paint ${(beforePaint / 1024).toFixed(1)} kB on the wire (Brotli bodies, as served) in ${initial.size} file(s) (target ≤ ${BEFORE_PAINT_BUDGET_KB} kB)`);
    // A static import that drags the app, a screen's code (or the kind registry and zod) into the first
    // paint fails the build, so it is caught in the change that makes it (npm test builds the client).
    if (beforePaint / 1024 > BEFORE_PAINT_BUDGET_KB) {
      console.error(`JS before first paint over budget: ${(beforePaint / 1024).toFixed(1)} kB > ${BEFORE_PAINT_BUDGET_KB} kB (METAFILE=meta.json npm run build shows what the entry imports)`);
      process.exitCode = 1;
    }
    const precacheBrotli = precache.files.reduce((sum, file) => sum + (precompressed.get(path.resolve(out, file))?.br ?? fs.statSync(path.join(out, file)).size), 0);
    console.log(`service worker: sw.js precaches ${precache.count} files, ${precache.size} bytes (${(precache.size / 1024).toFixed(1)} kB; ${(precacheBrotli / 1024).toFixed(1)} kB on the wire, Brotli)`);
  }
  console.log('static client: dist/public');
}

/** The output file esbuild made for the entry point `source` (a path as given to it). */
function outputOf(metafile, source) {
  return Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === source)?.[0];
}

/**
 * One chunk for the app instead of some forty. esbuild puts a module in the chunk of the exact set of
 * entry points that reach it, and every lazy screen, the palette and the offline runtime is one: the
 * app's modules, shared by 43, 44, 45… of them, came in about forty small chunks, which the landing
 * screen waited for over HTTP/1.1's six connections (bench:first-visit: 45 files, 0.98 → 2.4 s on the
 * throttled line). A lazy entry that can only load once the app has (none reached from the sign-in
 * screens without going through the app) now imports the app first, which it has anyway: the app's
 * modules then share one set of entries, hence one chunk. Returns the plugin that adds that import.
 */
function appClosureFirst(metafile, clientEntry, appRoot) {
  const outputs = metafile.outputs;
  const beforeApp = new Set();
  const visit = (file) => {
    if (beforeApp.has(file) || outputs[file]?.entryPoint === appRoot) return;
    beforeApp.add(file);
    for (const dependency of outputs[file]?.imports ?? []) if (dependency.kind === 'import-statement' || dependency.kind === 'dynamic-import') visit(dependency.path);
  };
  visit(outputOf(metafile, clientEntry));
  // A module the sign-in screens hold themselves (imported statically there, lazily elsewhere) stays as it is.
  const heldBeforeApp = new Set([...beforeApp].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {})));
  const afterApp = new Set(Object.entries(outputs)
    .filter(([file, o]) => o.entryPoint && o.entryPoint !== appRoot && !beforeApp.has(file) && !heldBeforeApp.has(o.entryPoint))
    .map(([, o]) => path.resolve(o.entryPoint)));
  const appRootPath = path.resolve(appRoot);
  return {
    name: 'app-closure-first',
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (!afterApp.has(args.path)) return undefined;
        // On the first line, so the source map's lines stay the file's own.
        const contents = `import ${JSON.stringify(appRootPath)}; ${await fs.promises.readFile(args.path, 'utf8')}`;
        return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts', resolveDir: path.dirname(args.path) };
      });
    },
  };
}

/**
 * The service worker (src/client/service-worker/sw.ts) built to /sw.js, then its precache manifest
 * injected by workbox-build from esbuild's outputs: the shell (index.html), app.css, the icon, the web
 * manifest, fonts if any, and every JS/CSS chunk of the client — the entry and every screen's lazy
 * chunk — so each screen opens offline. Source maps are not precached. A chunk Workbox would skip (too
 * big) fails the build rather than leaving a screen that breaks offline.
 */
async function buildServiceWorker(out, metafile) {
  const { injectManifest } = await import('workbox-build');
  const swFile = path.join(out, 'sw.js');
  await esbuild.build({ entryPoints: ['src/client/service-worker/sw.ts'], outfile: swFile, bundle: true, format: 'iife', minify: true, target: 'es2022', logLevel: 'warning', define: { 'process.env.NODE_ENV': '"production"' } });
  const chunks = Object.keys(metafile.outputs).filter((file) => !file.endsWith('.map')).map((file) => path.relative(out, path.resolve(file)));
  const shell = ['index.html', 'app.css', 'icon.svg', 'manifest.webmanifest'];
  const fonts = fs.readdirSync(out, { recursive: true }).filter((file) => /\.(woff2?|ttf|otf)$/.test(file));
  const files = [...new Set([...shell, ...fonts, ...chunks])].map((file) => file.split(path.sep).join('/'));
  for (const file of files) if (!fs.existsSync(path.join(out, file))) throw new Error(`service worker: ${file} is not in the build`);
  const { count, size, warnings } = await injectManifest({
    swSrc: swFile,
    swDest: swFile,
    globDirectory: out,
    globPatterns: files,
    // esbuild's content hash is in the name: no revision, the name changes with the content.
    dontCacheBustURLsMatching: /-[A-Z0-9]{8,}\.\w+$/,
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
  });
  for (const warning of warnings) console.error(`service worker: ${warning}`);
  if (warnings.length > 0 || count !== files.length) throw new Error(`service worker: ${count} of ${files.length} files precached`);
  return { count, size, files };
}

/**
 * Brotli (best) and gzip copies beside every text file of the client, which the server sends to a
 * browser that accepts them (@fastify/static `preCompressed`). Source maps are left alone: only
 * developer tools fetch them. Returns the compressed sizes by file.
 */
async function precompress(root) {
  const { promisify } = await import('node:util');
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  const files = fs.readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(js|css|html|svg|json|txt)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const sizes = new Map();
  await Promise.all(files.map(async (file) => {
    const bytes = fs.readFileSync(file);
    const [br, gz] = await Promise.all([
      brotli(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
      gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    sizes.set(path.resolve(file), { br: br.length, gz: gz.length });
  }));
  return sizes;
}
