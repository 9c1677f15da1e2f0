import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/**
 * Module aliases that run the web client on Preact 11 through `preact/compat` instead of
 * React DOM (docs/decisions.md, issue 12: first-load JavaScript at most 100 KB gzipped).
 * Shared by vite.config.ts (the build) and vitest.config.ts (the `unit` project testing
 * src/web), so tests exercise the same code path as the shop. Exact-match patterns, so
 * `react-router`, `react-hook-form` and the like are untouched; the server (tsx, React
 * Email) never sees these aliases and keeps real React.
 */
export const preactCompatAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

/** Everything the web client resolves specially: Preact for React, and the `@` / `@shared` paths. */
export const webAliases = [
  ...preactCompatAliases,
  { find: '@', replacement: path.resolve(import.meta.dirname, 'src/web') },
  { find: '@shared', replacement: path.resolve(import.meta.dirname, 'src/shared') },
];

/**
 * Writes `.br` and `.gz` beside every compressible built file over 1 KB, so the server
 * sends hashed assets pre-compressed (@fastify/static `preCompressed`) without spending
 * CPU per request (issue 10).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'fairway-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const full = path.join(dir, name);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|txt|xml|webmanifest)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Puts V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136+; other
 * engines read a comment) on the first line of every built chunk. The browser then compiles
 * a chunk's functions on a background thread while the file streams in, instead of on the
 * main thread the first time each is called, which had made the first render one long
 * task (docs/decisions.md, issue 10). It must be the file's first line (Vite's `mapDeps`
 * preamble comes first otherwise, and a hint below it was measurably ignored), so it is
 * added last, in `generateBundle`; file names (content hashes) do not cover it.
 */
function compileHints(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'fairway-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && !chunk.code.startsWith(hint)) chunk.code = hint + chunk.code;
        }
      },
    },
  };
}

/**
 * Web client build: src/web -> dist/web, served by the Fastify app in production.
 * The client runs on Preact through `preact/compat` (docs/decisions.md, issue 12): every
 * import of react / react-dom (ours and the libraries') resolves to Preact, and JSX compiles
 * to Preact's automatic runtime. The server keeps real React (React Email) and is not built
 * here. No fast refresh in dev: an edited component reloads the page.
 */
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [tailwindcss(), compileHints(), precompress()],
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  resolve: { alias: webAliases },
  build: {
    outDir: path.resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    manifest: true,
    // No preload helper (issue 10, docs/decisions.md entry 22): Vite's helper added a
    // <link rel=modulepreload> per dependency of every dynamic import, and appending those
    // links cost the main thread about 13 ms per page in one task; the browser fetches a
    // chunk's static imports itself once the chunk is parsed. One stylesheet for the whole
    // app (there is one CSS file): the server inlines it in every document, and with split
    // CSS the helper fetched and applied it a second time when the app loaded.
    modulePreload: false,
    cssCodeSplit: false,
    sourcemap: false,
    rolldownOptions: {
      // React libraries mark modules "use client"; meaningless in a client-only bundle.
      onwarn(warning, defaultHandler) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) {
          return;
        }
        // React Router reads React's `useOptimistic` (React 19) and falls back to plain
        // state when it is missing (`useOptimisticSafe`), as it is in preact/compat.
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) {
          return;
        }
        defaultHandler(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/paypal': 'http://127.0.0.1:3000',
      '/ws': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
