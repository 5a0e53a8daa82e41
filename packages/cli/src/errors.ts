/** Exit codes: 0 ok, 1 the API answered an error, 2 the command line was wrong. */
export const ExitCode = { ok: 0, apiError: 1, usage: 2 } as const;

/** A mistake in how the command was called (bad flag value, missing file, invalid tenant file): exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * A command that failed part way and has already said what it did (an `apply` stopped by an
 * API error): the message is the last word, and the exit code is 1.
 */
export class CommandFailed extends Error {
  override readonly name = 'CommandFailed';
}
