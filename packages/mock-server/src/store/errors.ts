/** The state file exists but is not a valid Nimbus state. It is left untouched. */
export class StateFileError extends Error {
  override readonly name = 'StateFileError';

  constructor(
    readonly path: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(
      `State file ${path} is not a valid Nimbus state (${reason}). It was left as it is: fix or move it, or start with --in-memory.`,
      options,
    );
  }
}
