import type { FamilyModule } from '../../core/pipeline/app';
import { cameraHandlers } from './cameras';
import { eventHandlers } from './events';
import { healthHandlers } from './health';
import { playbackHandlers } from './playback';
import { hlsHandlers } from './playback/hls';
import { videoServices } from './services';
import { startSimulator } from './simulator';
import { videoCameras } from './tables';

/** The video management service (/v2): cameras, detection events, playback and health. */
export const videoFamily: FamilyModule = {
  handlers: [...healthHandlers, ...cameraHandlers, ...eventHandlers, ...playbackHandlers, ...hlsHandlers],

  setup(runtime) {
    const { cache } = videoServices(runtime);
    runtime.lifecycle.register(videoCameras);
    runtime.readinessChecks.set('cache', () => cache.health());
    // Cached counts describe the old state after a reset or import.
    runtime.store.onReplaced(() => cache.clear());
    if (runtime.config.simulator) startSimulator(runtime);
  },
};
