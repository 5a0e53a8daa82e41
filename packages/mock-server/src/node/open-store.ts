import { newServerSecret } from '../core/services/secrets';
import type { FsyncPolicy } from '../store/change-log';
import { FilePersistence } from '../store/file-persistence';
import { MemoryPersistence, type Persistence } from '../store/persistence';
import { emptyState } from '../store/state';
import { Store, type StoreLog } from '../store/store';
import { lockStateFile, type StateLock } from './state-lock';
import { realStatePath } from './state-path';

export const DEFAULT_STATE_PATH = '.nimbus/state.json';

/**
 * Opens the state: from the file when there is one (a corrupt file throws
 * StateFileError and is left as it is), else a new state with a new server secret.
 * Check `store.health()` afterwards: a location that cannot be written leaves it unhealthy.
 * A state file is locked while the store is open (`<file>.lock` beside the file itself, links
 * resolved; removed by `store.close()`): a file another server holds throws StateFileLockedError.
 * Every change is in the file's log before `store.commit()` resolves (see store/change-log.ts).
 */
export async function openStore(options: {
  statePath?: string;
  inMemory?: boolean;
  flushDelayMs?: number;
  /** When appended changes are forced to the disk (default `everysec`). */
  fsync?: FsyncPolicy;
  /** Told when an outside edit of the state file is taken in or refused. */
  log?: StoreLog;
}): Promise<{
  store: Store;
  fresh: boolean;
  /** The lock on the state file (none in memory, or where no lock file can be made). */
  lock?: StateLock;
}> {
  let lock: StateLock | undefined;
  let persistence: Persistence;
  if (options.inMemory) {
    persistence = new MemoryPersistence();
  } else {
    // One name for the file, whatever path reached it: the lock holds for every path to it.
    const statePath = realStatePath(options.statePath ?? DEFAULT_STATE_PATH);
    // Taken before the file is read: the server that holds it may be writing it.
    lock = lockStateFile(statePath, options.log);
    try {
      persistence = new FilePersistence(statePath, { lock, fsync: options.fsync, log: options.log });
    } catch (error) {
      // An option refused (an unknown fsync policy) leaves the file free for the next start.
      lock?.release();
      throw error;
    }
  }
  let loaded: Awaited<ReturnType<Persistence['load']>>;
  try {
    loaded = await persistence.load();
  } catch (error) {
    lock?.release();
    throw error;
  }
  const store = new Store(persistence, loaded ?? emptyState(newServerSecret()), {
    flushDelayMs: options.flushDelayMs,
    log: options.log,
  });
  // Checked before serving: a state location that cannot be written (read-only, a directory in
  // the way) makes the store unhealthy from the start, so the first write already answers 503
  // instead of being acknowledged and then lost. A new state is written at once; a loaded one is
  // already on disk, and only the way to write it is tried.
  if (loaded) {
    await store.checkWritable();
  } else {
    store.changed();
    await store.flush();
  }
  return { store, fresh: !loaded, lock };
}
