import { defineProject } from 'vitest/config';
import { sourceAliases } from '../vitest.shared.ts';

export default defineProject({
  resolve: { alias: sourceAliases },
  test: {
    name: 'examples',
    include: ['**/*.test.ts'],
    // jest's examples are run by jest (runners/runners.test.ts), on the built packages.
    exclude: ['**/node_modules/**', 'runners/jest-*/**'],
    globalSetup: ['runners/global-setup.ts'],
    testTimeout: 30_000,
  },
});
