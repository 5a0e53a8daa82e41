// The test projects. The root vitest.config.ts reads this list (Vitest 4 no
// longer reads workspace files on its own).
export const workspace = [
  'packages/sdk',
  'packages/mock-server',
  'packages/cli',
  'examples',
  'test',
  'test/repository',
];
