import type { MetricName } from '@nimbus/sdk/contract';
import { METRIC_UNITS } from '@nimbus/sdk/contract/v1/metrics';
import { unitHash } from '../support/stable-hash';

/** The usual level of a metric (a resource's own level is picked in this range) and how it moves. */
interface Profile {
  low: number;
  high: number;
  /** Daily swing, as a fraction of the level. */
  swing: number;
  /** Point-to-point noise, as a fraction of the level. */
  noise: number;
}

const PROFILES: Record<MetricName, Profile> = {
  cpu_percent: { low: 8, high: 55, swing: 0.45, noise: 0.25 },
  memory_percent: { low: 30, high: 75, swing: 0.1, noise: 0.05 },
  network_in_bytes: { low: 20_000, high: 2_000_000, swing: 0.6, noise: 0.3 },
  network_out_bytes: { low: 10_000, high: 1_500_000, swing: 0.6, noise: 0.3 },
  disk_read_bytes: { low: 5_000, high: 800_000, swing: 0.4, noise: 0.5 },
  disk_write_bytes: { low: 5_000, high: 600_000, swing: 0.4, noise: 0.5 },
  connections: { low: 5, high: 400, swing: 0.5, noise: 0.15 },
  queries_per_second: { low: 5, high: 2_000, swing: 0.6, noise: 0.2 },
  storage_used_percent: { low: 10, high: 70, swing: 0.01, noise: 0.005 },
  hit_ratio_percent: { low: 85, high: 99, swing: 0.02, noise: 0.01 },
  evictions: { low: 0.1, high: 30, swing: 0.5, noise: 0.6 },
  requests: { low: 1, high: 1_500, swing: 0.6, noise: 0.2 },
  egress_bytes: { low: 1_000, high: 5_000_000, swing: 0.6, noise: 0.4 },
  storage_bytes: { low: 1e6, high: 5e10, swing: 0.002, noise: 0.0005 },
  object_count: { low: 10, high: 1_000_000, swing: 0.002, noise: 0.0005 },
  active_connections: { low: 2, high: 3_000, swing: 0.5, noise: 0.15 },
  latency_ms: { low: 8, high: 180, swing: 0.25, noise: 0.3 },
  http_5xx: { low: 0.01, high: 2, swing: 0.5, noise: 0.8 },
  invocations: { low: 0.1, high: 200, swing: 0.7, noise: 0.3 },
  errors: { low: 0.001, high: 2, swing: 0.5, noise: 0.8 },
  duration_ms: { low: 20, high: 900, swing: 0.2, noise: 0.3 },
  pod_count: { low: 3, high: 120, swing: 0.2, noise: 0.05 },
  pulls: { low: 0.01, high: 20, swing: 0.6, noise: 0.5 },
  pushes: { low: 0.001, high: 2, swing: 0.6, noise: 0.7 },
};

const DAY_MS = 86_400_000;
const INTEGER_UNITS = new Set(['count', 'bytes']);

/**
 * The value of `metric` for `resourceId` at `at` (ms): a level seeded by (resource, metric), a daily
 * wave with a seeded phase, and noise seeded by the timestamp. A pure function: no randomness,
 * so any query, at any interval, answers the same value for the same point in time.
 */
export function metricValue(resourceId: string, metric: MetricName, at: number): number {
  const profile = PROFILES[metric];
  const seed = `${resourceId}:${metric}`;
  const level = profile.low + (profile.high - profile.low) * unitHash(`${seed}:level`);
  const phase = 2 * Math.PI * unitHash(`${seed}:phase`);
  const wave = Math.sin((2 * Math.PI * at) / DAY_MS + phase) * profile.swing;
  const noise = (unitHash(`${seed}:${at}`) - 0.5) * 2 * profile.noise;
  let value = Math.max(0, level * (1 + wave + noise));
  if (METRIC_UNITS[metric] === 'percent') value = Math.min(100, value);
  return INTEGER_UNITS.has(METRIC_UNITS[metric]) ? Math.round(value) : Math.round(value * 100) / 100;
}
