import { defineProject } from 'vitest/config';
import { sourceAliases } from '../../vitest.shared.ts';

export default defineProject({
  resolve: { alias: sourceAliases },
  test: {
    name: 'sdk',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 20_000,
    // The files share a worker's loaded modules, as clients share a process: about 30 % less CPU
    // than importing the sources again for each file (CONTRIBUTING.md, "How long the tests take").
    isolate: false,
  },
});
