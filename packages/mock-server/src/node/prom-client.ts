/**
 * prom-client's metric classes, loaded without its index: the index also loads the default
 * process metrics (with @opentelemetry/api), the Pushgateway and the cluster aggregator, none of
 * which the server uses, and that was 30 of the 40 ms prom-client added to every start.
 */
import type * as PromClient from 'prom-client';
// @ts-expect-error: the package declares types for its index only; the casts below restore them.
import counter from 'prom-client/lib/counter.js';
// @ts-expect-error: as above
import gauge from 'prom-client/lib/gauge.js';
// @ts-expect-error: as above
import histogram from 'prom-client/lib/histogram.js';
// @ts-expect-error: as above
import registry from 'prom-client/lib/registry.js';

export const Counter = counter as typeof PromClient.Counter;
export const Gauge = gauge as typeof PromClient.Gauge;
export const Histogram = histogram as typeof PromClient.Histogram;
export const Registry = registry as typeof PromClient.Registry;
