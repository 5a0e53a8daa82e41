import { defineProject } from 'vitest/config';
import { sourceAliases } from '../../vitest.shared.ts';

export default defineProject({
  resolve: { alias: sourceAliases },
  test: {
    name: 'cli',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Builds sdk, mock-server and cli (JavaScript only) when the CLI's build is older than the sources.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
  },
});
