import { onFirstUse } from '../core/services/on-first-use';
import type { MediaSource } from '../core/services/runtime';
import { fromBase64Url } from '../core/services/secrets';

// Imported on the first segment or snapshot: bundlers split the 80 KB of fixtures into a chunk
// that an app which never plays a recording never downloads.
const fixtures = onFirstUse(() => import('./generated/fixtures'));

/** The media fixtures from the bundle, for runtimes without a file system (msw in a browser). */
export function createBundledMediaSource(): MediaSource {
  const decoded = new Map<string, Uint8Array>();
  return {
    async read(name) {
      let bytes = decoded.get(name);
      if (!bytes) {
        const { bundledMedia } = await fixtures();
        const base64 = Object.hasOwn(bundledMedia, name) ? bundledMedia[name] : undefined;
        if (base64 === undefined) throw new Error(`No bundled media named "${name}"`);
        bytes = fromBase64Url(base64);
        decoded.set(name, bytes);
      }
      return bytes;
    },
  };
}
