import { describe, expect, inject, it } from 'vitest';
import { runBin } from './support/packed-app';

// arethetypeswrong on the tarballs. Profile `esm-only`: the packages are ES modules for every
// consumer, CommonJS ones included (Node >= 20.19 require()s them; TypeScript >= 5.8 types that
// under `module: nodenext`). attw's own TypeScript is older and still reports that as
// "CommonJS: dynamic import only", so exactly that, and node10's missing subpaths, are allowed.
interface Problem {
  kind: string;
  entrypoint?: string;
  resolutionKind?: string;
}

const allowed = (problem: Problem) =>
  (problem.kind === 'CJSResolvesToESM' && problem.resolutionKind === 'node16-cjs') ||
  (problem.kind === 'NoResolution' && problem.resolutionKind === 'node10' && problem.entrypoint !== '.');

describe('arethetypeswrong', () => {
  it.each(['@nimbus/sdk', '@nimbus/mock-server', '@nimbus/cli'])('finds no problem in %s', async (name) => {
    const tarball = inject('tarballs')[name]!;
    const args = [tarball, '--profile', 'esm-only', '--format', 'json'];
    // attw exits with 1 when it reports a problem; the report says which.
    const { stdout } = await runBin('attw', args).catch((error: { stdout: string }) => error);
    const report = JSON.parse(stdout) as { analysis: { entrypoints: object; problems: Problem[] } };
    expect(Object.keys(report.analysis.entrypoints)).toContain('.');
    expect(report.analysis.problems.filter((problem) => !allowed(problem))).toEqual([]);
  });
});
