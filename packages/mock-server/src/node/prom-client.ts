/**
 * prom-client's classes, loaded with the first scrape of /v2/metrics: most servers of a test
 * run are never scraped, and its modules took about 20 ms of every start. Loaded without its
 * index, which also loads the default process metrics (with @opentelemetry/api), the
 * Pushgateway and the cluster aggregator, none of which the server uses.
 */
import type * as PromClient from 'prom-client';

export interface PromClientClasses {
  Gauge: typeof PromClient.Gauge;
  Registry: typeof PromClient.Registry;
}

let loading: Promise<PromClientClasses> | undefined;

export function loadPromClient(): Promise<PromClientClasses> {
  loading ??= loadInTurn();
  return loading;
}

/** One module after the other: both import prom-client's shared modules (see onFirstUse). */
async function loadInTurn(): Promise<PromClientClasses> {
  // @ts-expect-error: the package declares types for its index only; the casts below restore them.
  const gauge = await import('prom-client/lib/gauge.js');
  // @ts-expect-error: as above
  const registry = await import('prom-client/lib/registry.js');
  return {
    Gauge: gauge.default as typeof PromClient.Gauge,
    Registry: registry.default as typeof PromClient.Registry,
  };
}
