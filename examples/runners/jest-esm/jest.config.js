// jest in its ES module mode, with TypeScript through ts-jest: run with Node's flag,
//   NODE_OPTIONS=--experimental-vm-modules npx jest --config examples/runners/jest-esm/jest.config.js
// `import` loads the packages' ES modules, as Node does. The `.ts` test files are ES modules
// (`extensionsToTreatAsEsm`), which ts-jest compiles file by file (`isolatedModules`: type errors
// are `tsc`'s to report, as in most suites).
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      {
        useESM: true,
        tsconfig: {
          module: 'esnext',
          moduleResolution: 'bundler',
          target: 'es2022',
          isolatedModules: true,
          verbatimModuleSyntax: true,
        },
      },
    ],
  },
};
