import { defineConfig } from 'vitest/config';

/** Browser tests: the real shop (built web app + API on embedded PGlite) driven by Debian's Chromium. */
export default defineConfig({
  test: {
    name: 'e2e',
    reporters: ['default', ['json', { outputFile: '.test-artifacts/vitest-e2e.json' }]],
    include: ['e2e/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
