import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import type { StoreLog } from '../store/store';

/** What a lock file holds: who runs on the state file, and where to find it. */
interface LockOwner {
  pid: number;
  host: string;
  /** Where the server listens; unset while it is still starting. */
  url?: string;
  started_at: string;
}

/**
 * Another server runs on the state file: two servers on one file would each reload the other's
 * writes as outside edits and discard their own, so the second one does not start.
 */
export class StateFileLockedError extends Error {
  override readonly name = 'StateFileLockedError';

  constructor(
    readonly path: string,
    readonly lockPath: string,
    readonly owner: { pid?: number; url?: string },
  ) {
    const who = `pid ${owner.pid ?? 'unknown'}${owner.url ? `, ${owner.url}` : ', still starting'}`;
    super(
      `State file ${path} is in use by another Nimbus server (${who}): two servers on one file would lose each other's writes. Stop that server, or start this one with another state file (--state <file>) or --in-memory. If no such server runs, remove ${lockPath}.`,
    );
  }
}

/** A lock held on a state file: `<state file>.lock`, made with O_EXCL, removed on release. */
export interface StateLock {
  readonly path: string;
  /** Adds the URL the server listens on, for the message a second server shows. */
  describe(url: string): void;
  /** Removes the lock file if it is still this server's. Safe to call more than once. */
  release(): void;
}

const held = new Set<StateLock>();
/** Locks still held when the process exits (an uncaught error, `process.exit`) are removed then. */
const releaseAll = () => {
  for (const lock of held) lock.release();
};

/**
 * Takes the lock of the state file at `statePath` (an absolute path), or throws
 * StateFileLockedError naming the server that holds it. A lock left by a process that is gone
 * (killed, crashed) is taken over, with a notice in the log. A folder where no lock can be made
 * (read-only) leaves the server unlocked, with a warning: the store reports the location itself.
 */
export function lockStateFile(statePath: string, log?: StoreLog): StateLock | undefined {
  const path = `${statePath}.lock`;
  const owner: LockOwner = { pid: process.pid, host: hostname(), started_at: new Date().toISOString() };
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  } catch {
    // The store's own check of the location says what is wrong with it.
  }
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, JSON.stringify(owner), { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        log?.warn(`The state file could not be locked: another server on it would not be refused`, {
          path: statePath,
          reason: (error as Error).message,
        });
        return undefined;
      }
    }
    const found = readOwner(path);
    if (found === 'gone') continue;
    if (attempt >= 3 || (found.owner && !isGone(found.owner))) {
      throw new StateFileLockedError(statePath, path, found.owner ?? {});
    }
    // The owner is gone: its lock is removed, unless another server took it over meanwhile.
    if (removeIfSame(path, found.ino)) {
      log?.warn(
        `Took over the lock of a server that is gone (pid ${found.owner?.pid ?? 'unknown'}): ${path}`,
        {
          path: statePath,
          stale_owner: found.owner,
        },
      );
    }
  }
  let released = false;
  // What the file holds while it is this lock's: compared before it is changed or removed.
  let written = JSON.stringify(owner);
  const isOurs = () => {
    try {
      return readFileSync(path, 'utf8') === written;
    } catch {
      return false;
    }
  };
  const lock: StateLock = {
    path,
    describe(url) {
      if (released || !isOurs()) return;
      written = JSON.stringify({ ...owner, url });
      writeFileSync(path, written, { mode: 0o600 });
    },
    release() {
      if (released) return;
      released = true;
      held.delete(lock);
      if (held.size === 0) process.off('exit', releaseAll);
      if (isOurs()) unlinkSync(path);
    },
  };
  if (held.size === 0) process.on('exit', releaseAll);
  held.add(lock);
  return lock;
}

/**
 * The lock's owner, and the file's inode; `'gone'` when it was removed meanwhile. A file that
 * does not read as an owner after a few tries (empty while its writer is between creating and
 * writing it, or some other program's) has no owner: it is stale.
 */
function readOwner(path: string): { owner?: LockOwner; ino: number } | 'gone' {
  for (let tries = 0; ; tries++) {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch {
      return 'gone';
    }
    try {
      const { ino } = fstatSync(fd);
      const owner = parseOwner(readFileSync(fd, 'utf8'));
      if (owner || tries >= 5) return { owner, ino };
    } finally {
      closeSync(fd);
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    return typeof value.pid === 'number' ? (value as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the owner's process has ended: on this machine only (one on another host is taken as running). */
function isGone(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    // EPERM: running, as another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function removeIfSame(path: string, ino: number): boolean {
  try {
    if (statSync(path).ino !== ino) return false;
    unlinkSync(path);
    return true;
  } catch {
    return false; // removed meanwhile
  }
}
