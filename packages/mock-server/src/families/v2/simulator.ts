import type { ScheduledTask } from '../../core/services/clock';
import type { Runtime } from '../../core/services/runtime';
import { recordEvent } from './events/log';
import { type CameraRow, videoCameras } from './tables';

/** Chance per tick that an online camera drops offline, and that an offline one comes back. */
const DROP_CHANCE = 0.02;
const RECOVER_CHANCE = 0.5;

/**
 * The detection simulator (`npm start`; off in tests): on the simulated clock, every online camera
 * reports one detection per tick, of one of its features, at `simulatorEventsPerMinute`; now and
 * then a camera drops offline and later comes back. After a clock jump it resumes from the present
 * instead of back-filling every missed tick.
 */
// `random` reads Math.random on each call (not once at start), so a seeded or scripted source can stand in.
export function startSimulator(runtime: Runtime, random: () => number = () => Math.random()): void {
  const intervalMs = 60_000 / Math.max(runtime.config.simulatorEventsPerMinute, 1 / 60);
  let task: ScheduledTask | undefined;
  let stopped = false;

  const arm = (at: number) => {
    if (!stopped) task = runtime.clock.schedule(at, tick);
  };
  const tick = (at: number) => {
    for (const camera of [...runtime.store.table(videoCameras).list()]) step(runtime, camera, random);
    const now = runtime.clock.now();
    arm(at + intervalMs > now ? at + intervalMs : now + intervalMs);
  };

  arm(runtime.clock.now() + intervalMs);
  // A reset or import empties the clock's queue: start again on the new state.
  const unsubscribe = runtime.store.onReplaced(() => arm(runtime.clock.now() + intervalMs));
  runtime.onClose(() => {
    stopped = true;
    task?.cancel();
    unsubscribe();
  });
}

function step(runtime: Runtime, camera: CameraRow, random: () => number): void {
  if (!camera.enabled) return;
  const cameras = runtime.store.table(videoCameras);
  if (camera.status === 'offline') {
    if (random() < RECOVER_CHANCE) cameras.update(camera.id, { status: 'online' }, runtime.clock.iso());
    return;
  }
  if (camera.status !== 'online') return;
  if (random() < DROP_CHANCE) {
    cameras.update(camera.id, { status: 'offline' }, runtime.clock.iso());
    return;
  }
  if (camera.features.length === 0) return;
  const type = camera.features[Math.floor(random() * camera.features.length)]!;
  recordEvent(runtime, camera, { type });
}
