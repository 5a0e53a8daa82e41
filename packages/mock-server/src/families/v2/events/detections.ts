import type { DetectionBox, VideoEventType } from '@nimbus/sdk/contract';

/** The detector the simulated cameras run; every event names it. */
export const MODEL_VERSION = 'nimbus-detect-2.3.1';

/** Typical box sizes per type (fractions of the frame): people are tall, plates small and wide. */
const SHAPES: Record<VideoEventType, { w: number; h: number }> = {
  motion: { w: 0.3, h: 0.3 },
  person: { w: 0.12, h: 0.45 },
  vehicle: { w: 0.35, h: 0.25 },
  face: { w: 0.06, h: 0.1 },
  license_plate: { w: 0.1, h: 0.04 },
  fire_smoke: { w: 0.4, h: 0.4 },
  intrusion: { w: 0.15, h: 0.45 },
  loitering: { w: 0.12, h: 0.45 },
};

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** A plausible box for `type`, inside the frame, sized around the type's usual shape. */
export function plausibleBox(type: VideoEventType, random: () => number = Math.random): DetectionBox {
  const shape = SHAPES[type];
  const w = round(shape.w * (0.7 + random() * 0.6), 3);
  const h = round(Math.min(shape.h * (0.7 + random() * 0.6), 1), 3);
  return { x: round(random() * (1 - w), 3), y: round(random() * (1 - h), 3), w, h, label: type };
}

/** A detector score: confident most of the time, never certain. */
export function plausibleConfidence(random: () => number = Math.random): number {
  return round(0.55 + random() * 0.44, 3);
}

export function newTrackId(random: () => number = Math.random): number {
  return 1 + Math.floor(random() * 999_999);
}
