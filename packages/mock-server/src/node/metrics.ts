import { CameraStatus } from '@nimbus/sdk/contract/v2/cameras';
import type { MetricsSource, Runtime } from '../core/runtime';
import { videoServices } from '../families/v2/services';
import { videoCameras } from '../families/v2/tables';
import { Counter, Gauge, Registry } from './prom-client';
import { RequestMetrics } from './request-metrics';

/**
 * The server's Prometheus metrics, in a registry of its own (several servers can share a process).
 * Routes are labelled by their template (`/v2/hls/{cam}/...`), never the requested URL, so
 * tokens and ids never become label values and the label set stays bounded.
 */
export function createMetrics(runtime: Runtime): MetricsSource {
  const registry = new Registry();
  const requests = new RequestMetrics({
    registry,
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
  const emitted = new Counter({
    name: 'nimbus_video_events_emitted_total',
    help: 'Detection events recorded and published, by type',
    labelNames: ['type'] as const,
    registers: [registry],
  });
  const services = videoServices(runtime);
  new Gauge({
    name: 'nimbus_video_ws_connections',
    help: 'Open realtime event WebSocket connections',
    registers: [registry],
    collect() {
      this.set(services.streams.size);
    },
  });
  new Gauge({
    name: 'nimbus_video_cameras',
    help: 'Cameras of every tenant, by status',
    labelNames: ['status'] as const,
    registers: [registry],
    collect() {
      const counts = new Map<string, number>(CameraStatus.options.map((status) => [status, 0]));
      for (const camera of runtime.store.table(videoCameras).list()) {
        counts.set(camera.status, (counts.get(camera.status) ?? 0) + 1);
      }
      for (const [status, count] of counts) this.set({ status }, count);
    },
  });

  const observe = (record: { method: string; route: string; status: number; durationMs: number }) =>
    requests.observe(record.method, record.route, record.status, record.durationMs / 1000);
  runtime.requestObservers.add(observe);
  const unsubscribe = services.bus.subscribe((event) => emitted.inc({ type: event.type }));
  runtime.onClose(() => {
    runtime.requestObservers.delete(observe);
    unsubscribe();
  });

  return {
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
