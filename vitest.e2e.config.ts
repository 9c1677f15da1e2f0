import { defineConfig } from 'vitest/config';

/** Browser tests: the real shop (built web app + API on embedded PGlite) driven by Debian's Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    reporters: ['default', ['json', { outputFile: '.test-artifacts/vitest-e2e.json' }]],
    include: ['e2e/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // `expect.poll` waits for the page (its default, 1 s, failed a /blog check while other
    // browser tests ran beside it); a failing poll still fails, 10 s later.
    expect: { poll: { timeout: 10_000 } },
    fileParallelism: false,
    // The shop started once (migrated, seeded); each file's shop starts from a copy.
    globalSetup: ['e2e/support/global-setup.ts'],
    // The files run one after another in one worker and one module graph: the shop's code,
    // Vite's and Playwright's load once, not once per file. Each file starts its own shop
    // and browser and stops them in afterAll.
    isolate: false,
    pool: 'forks',
  },
});
