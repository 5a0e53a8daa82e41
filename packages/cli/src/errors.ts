/** Exit codes: 0 ok, 1 the API answered an error, 2 the command line was wrong. */
export const ExitCode = { ok: 0, apiError: 1, usage: 2 } as const;

/** A mistake in how the command was called (bad flag value, missing file): exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
