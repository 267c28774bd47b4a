/**
 * `npm run test:e2e`: test/e2e/*.e2e.ts in real Chromium against a production build of the app
 * (test/e2e/harness.ts builds it once, global-setup.ts). One file at a time: each test starts a
 * browser, and CI has 2 cores.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
