export { buildProgram, run } from './program';
export { ExitCode, UsageError } from './errors';
export { configPath, type Profile } from './config/profiles';
