import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MediaSource } from '../core/services/runtime';

/**
 * Reads media fixtures from one folder and nothing outside it: a name is resolved against the
 * root and refused when the result leaves it (`..`, absolute paths, encoded or not). Files are
 * small and immutable, so each is read once and kept.
 */
export function createMediaSource(root: string): MediaSource {
  const base = resolve(root);
  const cache = new Map<string, Promise<Uint8Array>>();
  return {
    read(name) {
      const path = resolve(base, name);
      const inside = relative(base, path);
      if (
        name === '' ||
        inside === '' ||
        inside.startsWith('..') ||
        isAbsolute(inside) ||
        name.includes('\0')
      ) {
        return Promise.reject(new Error(`Media name "${name}" leaves the media folder`));
      }
      let bytes = cache.get(path);
      if (!bytes) {
        bytes = readFile(path).then((buffer) => new Uint8Array(buffer));
        // A failed read is not kept, so a file put back later is found.
        bytes.catch(() => cache.delete(path));
        cache.set(path, bytes);
      }
      return bytes;
    },
  };
}

/**
 * The package's `media/` folder, from the sources (`src/node/`) or from the bundle (`dist/`).
 */
export function defaultMediaRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'media');
    if (existsSync(join(candidate, 'segment.ts'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('The media folder of @nimbus/mock-server is missing');
}
