import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('../../../..', import.meta.url));

/**
 * A strict consumer's program over `files`, `@nimbus/sdk` resolved to the sources as the
 * repository's tsconfig maps them: what an editor would check and show.
 */
export function consumerProgram(files: string[]): ts.Program {
  return ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    baseUrl: root,
    paths: { '@nimbus/sdk': ['packages/sdk/src/index.ts'] },
  });
}
