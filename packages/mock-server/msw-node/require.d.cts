// The types of require.cjs, whose `module.exports` is the entry's namespace: the entry's own.
export * from '../dist/msw.cjs';
