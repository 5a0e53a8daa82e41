import { defineConfig } from 'vitest/config';
import { workspace } from './vitest.workspace.ts';

export default defineConfig({
  test: {
    projects: workspace,
  },
});
