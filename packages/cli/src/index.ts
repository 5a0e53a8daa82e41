export { configPath, type Profile } from './config/profiles';
export { ExitCode, UsageError } from './errors';
export { buildProgram, run } from './program';
