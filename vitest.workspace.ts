// The test projects. The root vitest.config.ts reads this list (Vitest 4 no
// longer reads workspace files on its own). Their global setups run in this order, before any
// test: packaging (`test`) first, so that in a run of every project its complete builds are
// made once, and the CLI's and the examples' setups find the JavaScript current.
export const workspace = [
  'test',
  'packages/sdk',
  'packages/mock-server',
  'packages/cli',
  'examples',
  'test/repository',
];
