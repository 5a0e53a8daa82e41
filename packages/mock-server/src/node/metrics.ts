import type * as PromClient from 'prom-client';
import type { MetricsSource, Runtime } from '../core/services/runtime';
import { videoServices } from '../families/v2/services';
import { videoCameras } from '../families/v2/tables';
import { loadPromClient } from './prom-client';
import { counterMetric, RequestMetrics } from './request-metrics';

/**
 * The server's Prometheus metrics, in a registry of its own (several servers can share a process).
 * Routes are labelled by their template (`/v2/hls/{cam}/...`), never the requested URL, so
 * tokens and ids never become label values and the label set stays bounded. Requests and events
 * are counted from the start; prom-client and the registry come with the first scrape.
 */
export function createMetrics(runtime: Runtime): MetricsSource {
  const requests = new RequestMetrics({
    counter: {
      name: 'nimbus_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
    },
    histogram: {
      name: 'nimbus_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by method, route template and status',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    },
  });
  const emitted = new Map<string, number>();
  const services = videoServices(runtime);

  const observe = (record: { method: string; route: string; status: number; durationMs: number }) =>
    requests.observe(record.method, record.route, record.status, record.durationMs / 1000);
  runtime.requestObservers.add(observe);
  const unsubscribe = services.bus.subscribe((event) =>
    emitted.set(event.type, (emitted.get(event.type) ?? 0) + 1),
  );
  runtime.onClose(() => {
    runtime.requestObservers.delete(observe);
    unsubscribe();
  });

  let registry: Promise<PromClient.Registry> | undefined;
  const makeRegistry = async () => {
    const [{ Gauge, Registry }, { CameraStatus }] = await Promise.all([
      loadPromClient(),
      import('@nimbus/sdk/contract/v2/cameras'),
    ]);
    const made = new Registry();
    requests.registerIn(made);
    made.registerMetric(
      counterMetric(
        {
          name: 'nimbus_video_events_emitted_total',
          help: 'Detection events recorded and published, by type',
        },
        () => [...emitted].map(([type, value]) => ({ value, labels: { type } })),
      ),
    );
    new Gauge({
      name: 'nimbus_video_ws_connections',
      help: 'Open realtime event WebSocket connections',
      registers: [made],
      collect() {
        this.set(services.streams.size);
      },
    });
    new Gauge({
      name: 'nimbus_video_cameras',
      help: 'Cameras of every tenant, by status',
      labelNames: ['status'] as const,
      registers: [made],
      collect() {
        const counts = new Map<string, number>(CameraStatus.options.map((status) => [status, 0]));
        for (const camera of runtime.store.table(videoCameras).list()) {
          counts.set(camera.status, (counts.get(camera.status) ?? 0) + 1);
        }
        for (const [status, count] of counts) this.set({ status }, count);
      },
    });
    return made;
  };

  return {
    async render() {
      registry ??= makeRegistry();
      const made = await registry;
      return { contentType: made.contentType, body: await made.metrics() };
    },
  };
}
