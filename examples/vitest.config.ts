import { defineProject } from 'vitest/config';
import { sourceAliases } from '../vitest.shared.ts';

export default defineProject({
  resolve: { alias: sourceAliases },
  test: { name: 'examples', include: ['**/*.test.ts'], exclude: ['**/node_modules/**'], testTimeout: 30_000 },
});
