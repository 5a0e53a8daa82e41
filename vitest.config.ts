import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { workspace } from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects: workspace,
    // Vitest's default for a run is one file fewer than the cores: on a 2-core machine, one file
    // at a time, its worker idle while a `nimbus` subprocess, Chromium or a child server works.
    // One more than the cores keeps both busy (CONTRIBUTING.md, "How long the tests take").
    maxWorkers: availableParallelism() + 1,
  },
});
