export type { GroupSpec, OperationSpec } from './commands/operation-spec';
export { configPath, type Profile } from './config/profiles';
export { ExitCode, UsageError } from './errors';
export { buildProgram, loadOperations, run } from './program';
