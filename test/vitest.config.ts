import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'packaging',
    include: ['**/*.test.ts'],
    // test/repository is a project of its own (no build or pack needed).
    exclude: ['repository/**', '**/node_modules/**'],
    // Builds (when the sources are newer) and packs sdk, mock-server and cli once for all files.
    globalSetup: ['global-setup.ts'],
    // Type-checking a consumer against the published declarations takes tens of seconds.
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
