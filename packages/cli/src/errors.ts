/**
 * Exit codes: 0 ok, 1 the API answered an error, 2 the command line was wrong, 130 Ctrl-C at a
 * prompt, during a wait or a stream (128 + SIGINT, what a shell reports for a command stopped by
 * Ctrl-C), 143 a stream stopped by SIGTERM (128 + SIGTERM).
 */
export const ExitCode = { ok: 0, apiError: 1, usage: 2, interrupted: 130, terminated: 143 } as const;

/** A mistake in how the command was called (bad flag value, missing file, invalid tenant file): exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * A command that failed part way and has already said what it did (an `apply` stopped by an
 * API error): the message is the last word, and the exit code is 1 unless the command says
 * otherwise (`verify` answers 2 for a target it cannot reach).
 */
export class CommandFailed extends Error {
  override readonly name = 'CommandFailed';
  constructor(
    message: string,
    readonly exitCode: number = ExitCode.apiError,
  ) {
    super(message);
  }
}

/**
 * Ctrl-C at a prompt, during a wait or a stream: no usage mistake, no usage line. Exit 130, or
 * 143 when a stream was stopped by SIGTERM.
 */
export class Interrupted extends Error {
  override readonly name = 'Interrupted';
  readonly exitCode: number;
  constructor(signal: 'SIGINT' | 'SIGTERM' = 'SIGINT') {
    super('Cancelled');
    this.exitCode = signal === 'SIGTERM' ? ExitCode.terminated : ExitCode.interrupted;
  }
}

/**
 * `--version` or `-V` where a command has no `--version` field of its own: the line asks for the
 * CLI's version, which `run` prints (exit 0).
 */
export class VersionAsked extends Error {
  override readonly name = 'VersionAsked';
}
