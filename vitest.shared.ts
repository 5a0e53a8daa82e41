import { fileURLToPath } from 'node:url';
import type { ViteUserConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Tests resolve workspace packages to their sources, so they need no build. */
export const sourceAliases: NonNullable<ViteUserConfig['resolve']>['alias'] = [
  { find: /^@nimbus\/sdk\/contract$/, replacement: `${root}packages/sdk/src/contract/index.ts` },
  { find: /^@nimbus\/sdk\/contract\/(.+)$/, replacement: `${root}packages/sdk/src/contract/$1` },
  { find: /^@nimbus\/sdk\/base$/, replacement: `${root}packages/sdk/src/base.ts` },
  { find: /^@nimbus\/sdk$/, replacement: `${root}packages/sdk/src/index.ts` },
  { find: /^@nimbus\/mock-server\/(.+)$/, replacement: `${root}packages/mock-server/src/entries/$1.ts` },
  { find: /^@nimbus\/mock-server$/, replacement: `${root}packages/mock-server/src/index.ts` },
  { find: /^@nimbus\/cli$/, replacement: `${root}packages/cli/src/index.ts` },
];
