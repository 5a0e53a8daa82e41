import { chmod, rename, writeFile } from 'node:fs/promises';
import type { ProxiedExchange } from '../core/services/proxy';
import type { StateRecording } from '../fidelity/recording';

/** How long a change waits for the next before the file is written: a burst of requests writes once. */
const WRITE_DELAY_MS = 200;

/** Keeps a recording's file up to date as exchanges come (`--record`), and writes it a last time on close. */
export interface RecordingFile {
  take(exchange: ProxiedExchange): void;
  /** Writes what is pending (the empty recording at first); settles once the file holds it. */
  flush(): Promise<void>;
}

/**
 * Writes the recording to `path` a moment after each change, whole (a temporary file renamed over
 * it, so a reader never sees half of one), readable by its owner only: it holds staging data.
 */
export function recordingFile(
  path: string,
  recording: StateRecording,
  log: { error(message: string, fields?: Record<string, unknown>): void },
): RecordingFile {
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  const write = () => {
    timer = undefined;
    const text = `${JSON.stringify(recording.state(), null, 2)}\n`;
    writing = writing.then(async () => {
      const temporary = `${path}.${process.pid}.tmp`;
      await writeFile(temporary, text, { mode: 0o600 });
      await chmod(temporary, 0o600);
      await rename(temporary, path);
    });
    const written = writing;
    // A failed write is said, and the next change tries again.
    writing = writing.catch((error: Error) =>
      log.error('the recording could not be written', { path, error: error.message }),
    );
    return written;
  };
  return {
    take(exchange) {
      if (!recording.take(exchange) || timer) return;
      timer = setTimeout(() => void write(), WRITE_DELAY_MS);
      timer.unref();
    },
    flush() {
      clearTimeout(timer);
      return write();
    },
  };
}
