import { describe, expect, inject, it } from 'vitest';

// The packages' builds (run by this project's setup when a source is newer than dist/) read the
// committed generated files and write dist/ only: a build leaves the working tree as it was.
describe('the builds of the packages', () => {
  it('rewrite no tracked file', () => {
    expect(inject('rewrittenByBuild')).toEqual([]);
  });
});
