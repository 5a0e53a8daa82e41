import { describe, expect, inject, it } from 'vitest';
import { runBin } from './support/packed-app';

// arethetypeswrong and publint on the tarballs. Each entry has an ES module and a CommonJS build
// (docs/decisions/0018-commonjs-builds.md), each with its own declarations, so every resolution
// attw tries finds types of the right kind; only node10 (TypeScript's `moduleResolution: node`,
// which reads no exports map) misses the subpaths, as it must.
interface Problem {
  kind: string;
  entrypoint?: string;
  resolutionKind?: string;
}

const allowed = (problem: Problem) =>
  problem.kind === 'NoResolution' && problem.resolutionKind === 'node10' && problem.entrypoint !== '.';

const packages = ['@nimbus/sdk', '@nimbus/mock-server', '@nimbus/cli'];

describe('arethetypeswrong', () => {
  it.each(packages)('finds no problem in %s', async (name) => {
    const tarball = inject('tarballs')[name]!;
    // attw exits with 1 when it reports a problem; the report says which.
    const { stdout } = await runBin('attw', [tarball, '--format', 'json']).catch(
      (error: { stdout: string }) => error,
    );
    const report = JSON.parse(stdout) as { analysis: { entrypoints: object; problems: Problem[] } };
    expect(Object.keys(report.analysis.entrypoints)).toContain('.');
    expect(report.analysis.problems.filter((problem) => !allowed(problem))).toEqual([]);
  });
});

describe('publint', () => {
  it.each(packages)('finds no warning or error in %s', async (name) => {
    const tarball = inject('tarballs')[name]!;
    // `--strict` exits with 1 on a warning as on an error; the output names it.
    const { stdout } = await runBin('publint', [tarball, '--level', 'warning', '--strict']).catch(
      (error: { stdout: string }) => error,
    );
    expect(stdout).toContain('All good!');
  });
});
