import { Interrupted } from './errors';

/**
 * Settles as `work` does, or rejects with `Interrupted` at the first Ctrl-C (SIGINT), so a wait
 * ends at once with exit 130 whatever it was waiting on. The work left behind is dropped: the
 * process exits once the command has returned.
 */
export function untilInterrupted<T>(work: Promise<T>): Promise<T> {
  let onSignal: () => void = () => {};
  const interrupted = new Promise<never>((_resolve, reject) => {
    onSignal = () => reject(new Interrupted());
  });
  process.once('SIGINT', onSignal);
  // A rejection that comes after the Ctrl-C has nobody left to hear it.
  work.catch(() => {});
  return Promise.race([work, interrupted]).finally(() => process.off('SIGINT', onSignal));
}
