import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'packaging',
    // The files at the top of test/ only: test/repository is a project of its own (no build or
    // pack needed). No `exclude` of its own, so a run's `--exclude` applies here too (.ci/run).
    include: ['*.test.ts'],
    // Builds (when the sources are newer) and packs sdk, mock-server and cli once for all files.
    globalSetup: ['global-setup.ts'],
    // Type-checking a consumer against the published declarations takes tens of seconds.
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
