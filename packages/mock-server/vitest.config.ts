import { defineProject } from 'vitest/config';
import { sourceAliases } from '../../vitest.shared.ts';

export default defineProject({
  resolve: { alias: sourceAliases },
  test: {
    name: 'mock-server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // Bundles the server into a child script for the crash tests (only when the sources changed).
    globalSetup: ['test/reliability/support/global-setup.ts'],
    testTimeout: 20_000,
    // The files share a worker's loaded modules, as servers share a process: importing the
    // server's sources once per file was a third of the project's CPU time (CONTRIBUTING.md,
    // "How long the tests take"). Each test still starts its own server and store.
    isolate: false,
  },
});
