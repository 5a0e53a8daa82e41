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

/**
 * A write was not made because the state file changed from outside since the last write: the
 * store takes the edit in (or refuses it) instead of writing over it.
 */
export class OutsideEditError extends Error {
  override readonly name = 'OutsideEditError';

  constructor(readonly path: string) {
    super(`State file ${path} was changed from outside since the last write; not written over`);
  }
}

/**
 * A write needed unchanged pieces from the file written last, and that file is gone or was
 * changed: the store serialises those pieces again and writes once more.
 */
export class StalePiecesError extends Error {
  override readonly name = 'StalePiecesError';

  constructor() {
    super('The pieces kept on disk are not in the last written file any more');
  }
}

/**
 * The state file cannot be known by one name: it has other hard links (each write replaces the
 * file, which would split them), or its symbolic links do not end. It is left untouched.
 */
export class StateFileLinkError extends Error {
  override readonly name = 'StateFileLinkError';

  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`State file ${path} ${reason}. It was left as it is.`);
  }
}

/**
 * The log file was removed while the server ran: the store writes the whole state instead. Here,
 * not beside the log, so the store (in the browser bundle too) reaches it without node:fs.
 */
export class LogRemovedError extends Error {
  override readonly name = 'LogRemovedError';

  constructor(readonly path: string) {
    super(`The state file's log ${path} was removed while the server ran`);
  }
}
