// jest in its CommonJS mode (the default): `require()` loads the packages' CommonJS builds.
// What a suite that uses msw (and so the Nimbus msw handlers) needs besides: msw 2's CommonJS
// build requires three packages that are ES modules only, which jest compiles to CommonJS when
// told to. Only those: the rest of node_modules, and these tests, run as they are.
const ES_MODULES_ONLY = '(@open-draft/deferred-promise|rettime|until-async)';

module.exports = {
  testEnvironment: 'node',
  transform: {
    [`/node_modules/${ES_MODULES_ONLY}/.+\\.m?js$`]: [
      'babel-jest',
      { plugins: ['@babel/plugin-transform-modules-commonjs'] },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!${ES_MODULES_ONLY}/)`],
};
