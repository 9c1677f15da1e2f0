import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { webAliases } from './vite.config';

/**
 * Unit and API tests. API tests run on PGlite; when TEST_DATABASE_URL is set they run
 * a second time on that PostgreSQL server (project "postgres"), which alone also runs
 * the `*.postgres.test.ts` files (several app processes on one database). With
 * TEST_REDIS_URL set, the PGlite project also runs the `*.redis.test.ts` files.
 */
const dbProjects = [
  { name: 'pglite', env: { TEST_DB: 'pglite' } },
  ...(process.env.TEST_DATABASE_URL ? [{ name: 'postgres', env: { TEST_DB: 'postgres' } }] : []),
];

/** An alias of the bare package name to the package's ES module file. */
const esmBuild = (name: string, file: string) => ({
  find: new RegExp(`^${name}$`),
  replacement: path.resolve(import.meta.dirname, 'node_modules', name, file),
});

export default defineConfig({
  test: {
    reporters: ['default', ['json', { outputFile: '.test-artifacts/vitest.json' }]],
    // Vitest's default is one worker per CPU minus one: a single worker on the 2-core CI
    // machines. The API test files mostly wait (on PostgreSQL, PGlite's disk, SMTP and
    // timers), so two run side by side; each has its own database.
    maxWorkers: 2,
    projects: [
      {
        // The web client's tests resolve react / react-dom to Preact, as the build does, and
        // React Router, Lucide and react-remove-scroll to their ES module builds (their CommonJS builds, picked
        // by the `node` export condition, would require the real React past the aliases).
        resolve: {
          alias: [
            ...webAliases,
            esmBuild('react-router', 'dist/development/index.mjs'),
            esmBuild('lucide-react', 'dist/esm/lucide-react.mjs'),
            // Radix's dialog locks scrolling with react-remove-scroll and its helpers, whose
            // `main` is CommonJS (their `module` builds are what the web build uses).
            ...[
              'react-remove-scroll',
              'react-remove-scroll-bar',
              'react-style-singleton',
              'use-callback-ref',
              'use-sidecar',
            ].map((name) => esmBuild(name, 'dist/es2015/index.js')),
          ],
        },
        oxc: { jsx: { runtime: 'automatic' as const, importSource: 'preact' } },
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Bundle the React libraries (Radix, react-hook-form, React Router…) through Vite
          // instead of Node's loader, so their `react` imports meet the Preact aliases too.
          server: { deps: { inline: true } },
          // As the server projects: a worker runs its files in one module graph, so the
          // inlined libraries are transformed and imported once per worker, not once per
          // file (the project took 47 s alone, 25 s so; passed in three shuffled orders).
          // Every jsdom test unmounts what it rendered (src/web/test/dom.ts).
          isolate: false,
        },
      },
      ...dbProjects.map((p) => ({
        test: {
          name: p.name,
          include: ['src/server/**/*.test.ts'],
          // `*.postgres.test.ts`: several server processes on one database (PostgreSQL only).
          exclude: [
            ...configDefaults.exclude,
            ...(p.name === 'postgres' ? [] : ['src/server/**/*.postgres.test.ts']),
            // `*.redis.test.ts`: the counters in Redis, once (PGlite project), when
            // TEST_REDIS_URL names a Redis server.
            ...(p.name === 'pglite' && process.env.TEST_REDIS_URL
              ? []
              : ['src/server/**/*.redis.test.ts']),
          ],
          env: p.env,
          // One migrated template database per run; each file's database is a copy of it.
          globalSetup: ['src/server/test/global-setup.ts'],
          // A worker runs its files one after another in one module graph: the app, its
          // libraries and PGlite's WebAssembly load once per worker instead of once per file
          // (about half of a small file's time). Each file still builds its own app on its
          // own database; the app's caches are keyed by database (WeakMaps), and no server
          // test mocks modules, fakes timers or stubs globals.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks' as const,
        },
      })),
    ],
  },
});
