import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestMetrics } from '../src/node/request-metrics';

// The request metrics are counted outside prom-client and read by it at scrape time: the text
// and the JSON must be what prom-client's own Counter and Histogram give for the same requests.

const counter = { name: 'http_requests_total', help: 'Requests answered, by method, route and status' };
const histogram = {
  name: 'http_request_duration_seconds',
  help: 'Time to answer requests',
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
};
const requests: [string, string, number, number][] = [
  ['GET', '/api/v1/instances', 200, 0.0004],
  ['POST', '/api/v1/instances', 201, 0.003],
  ['GET', '/api/v1/instances', 200, 0.005],
  ['GET', '/api/v1/instances', 400, 0.02],
  ['GET', 'unmatched', 404, 7.5],
  ['GET', '/api/v1/instances', 200, 1],
  ['DELETE', '/api/v1/instances/{id}', 204, 0.26],
  ['GET', '/v2/hls/{cam}/"quoted"\\path', 200, 0.0001],
];

async function both() {
  const theirs = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const count = new Counter({ ...counter, labelNames, registers: [theirs] });
  const latency = new Histogram({ ...histogram, labelNames, registers: [theirs] });
  const ours = new Registry();
  const metrics = new RequestMetrics({ counter, histogram });
  metrics.registerIn(ours);
  for (const [method, route, status, seconds] of requests) {
    const labels = { method, route, status: String(status) };
    count.inc(labels);
    latency.observe(labels, seconds);
    metrics.observe(method, route, status, seconds);
  }
  return { theirs, ours };
}

describe('RequestMetrics', () => {
  it("writes the same Prometheus text as prom-client's Counter and Histogram", async () => {
    const { theirs, ours } = await both();
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/v1/instances",status="200"} 2',
    );
    expect(text).toContain('http_requests_total{method="GET",route="/api/v1/instances",status="200"} 3');
  });

  it("gives the same JSON as prom-client's classes", async () => {
    const { theirs, ours } = await both();
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
  });

  it('writes the families with no series before the first request', async () => {
    const theirs = new Registry();
    new Counter({ ...counter, labelNames: ['method', 'route', 'status'], registers: [theirs] });
    new Histogram({ ...histogram, labelNames: ['method', 'route', 'status'], registers: [theirs] });
    const ours = new Registry();
    new RequestMetrics({ counter, histogram }).registerIn(ours);
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });
});
