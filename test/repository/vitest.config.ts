import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'repository', include: ['**/*.test.ts'] },
});
