import { newServerSecret } from '../core/secrets';
import { FilePersistence } from '../store/file-persistence';
import { MemoryPersistence, type Persistence } from '../store/persistence';
import { emptyState } from '../store/state';
import { Store, type StoreLog } from '../store/store';

export const DEFAULT_STATE_PATH = '.nimbus/state.json';

/**
 * Opens the state: from the file when there is one (a corrupt file throws
 * StateFileError and is left as it is), else a new state with a new server secret.
 * Check `store.health()` afterwards: a location that cannot be written leaves it unhealthy.
 */
export async function openStore(options: {
  statePath?: string;
  inMemory?: boolean;
  flushDelayMs?: number;
  /** Told when an outside edit of the state file is taken in or refused. */
  log?: StoreLog;
}): Promise<{
  store: Store;
  fresh: boolean;
}> {
  const persistence: Persistence = options.inMemory
    ? new MemoryPersistence()
    : new FilePersistence(options.statePath ?? DEFAULT_STATE_PATH);
  const loaded = await persistence.load();
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
  return { store, fresh: !loaded };
}
