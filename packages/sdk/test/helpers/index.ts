// The SDK tests' support, one import away: `import { it, instance, startStubServer } from './helpers'`.
export * from './fixtures';
export * from './reference-server';
export * from './stub-server';
