import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MediaSource } from '../core/services/runtime';
import { createMediaSource } from './media-source';

/**
 * The files of the `/__mock/ui` dashboard: the build copies `src/dashboard/` beside the bundle
 * (`dist/dashboard/`); from the sources they are read where they are written.
 */
export function createDashboardAssets(): MediaSource {
  const bundled = fileURLToPath(new URL('./dashboard', import.meta.url));
  return createMediaSource(
    existsSync(bundled) ? bundled : fileURLToPath(new URL('../dashboard', import.meta.url)),
  );
}
