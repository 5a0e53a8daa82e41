// WebSocket fan-out of /v2/ws/events: 1000 clients of one tenant in a child process of their own
// (BENCH_WS_PROCESSES splits them; on 2 cores one process did better), while this process
// publishes 200 events/s through
// POST /__mock/v2/events for `duration` seconds. Every event must reach every client; latency is
// from just before the publishing request to arrival. The server's RSS is sampled every second.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'undici';
import { api, benchFile, cpuMs, percentile, rssMb, startServer } from './lib.mjs';

const PROCESSES = Number(process.env.BENCH_WS_PROCESSES ?? 1);

/**
 * One fan-out run against `server`: 'nimbus' (the reference server, built) or 'bare'
 * (servers/bare-ws.mjs, the node:http baseline with no batching, auth or filters).
 */
export async function wsFanout({
  duration = 60,
  clients = 1000,
  rate = 200,
  server: target = 'nimbus',
} = {}) {
  const server = await startServer(benchFile(`./servers/${target === 'bare' ? 'bare-ws' : 'nimbus'}.mjs`));
  let children;
  try {
    const { wsUrl, cameraId } = target === 'bare' ? bareStream(server) : await nimbusStream(server);
    children = Array.from({ length: PROCESSES }, (_, i) =>
      fork(benchFile('./ws-clients.mjs'), {
        env: {
          ...process.env,
          BENCH_WS_URL: wsUrl,
          BENCH_WS_CLIENTS: String(Math.floor(clients / PROCESSES) + (i < clients % PROCESSES ? 1 : 0)),
        },
      }),
    );
    for (const child of children) {
      const [ready] = await once(child, 'message');
      if (ready !== 'ready') throw new Error('ws clients did not start');
    }

    const dispatcher = new Agent({ connections: 16 });
    const rss = [];
    const sampler = setInterval(() => rss.push(rssMb(server.child.pid)), 1000);
    const postMs = [];
    let published = 0;
    let failed = 0;
    const started = performance.now();
    const clientsCpu = () => children.reduce((sum, child) => sum + cpuMs(child.pid), 0);
    const cpuAtStart = { server: cpuMs(server.child.pid), clients: clientsCpu() };
    const inFlight = new Set();
    // Due events are sent on every 5 ms tick, so the rate holds even when a tick comes late.
    await new Promise((resolve) => {
      const tick = setInterval(() => {
        const elapsed = (performance.now() - started) / 1000;
        if (elapsed >= duration) {
          clearInterval(tick);
          resolve();
          return;
        }
        const due = Math.floor(elapsed * rate) + 1;
        while (published + failed + inFlight.size < due) {
          const sent = publish(server.url, dispatcher, cameraId, postMs).then(
            (ok) => (ok ? published++ : failed++),
            () => failed++,
          );
          inFlight.add(sent);
          sent.finally(() => inFlight.delete(sent));
        }
      }, 5);
    });
    await Promise.all(inFlight);
    clearInterval(sampler);
    // Let the last events arrive.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const reports = await Promise.all(
      children.map(async (child) => {
        child.send('report');
        const [report] = await once(child, 'message');
        return report;
      }),
    );
    const report = merge(reports);
    const seconds = (performance.now() - started) / 1000;
    const cpu = {
      serverPct: (cpuMs(server.child.pid) - cpuAtStart.server) / seconds / 10,
      clientsPct: (clientsCpu() - cpuAtStart.clients) / seconds / 10,
      seconds,
    };
    await dispatcher.close();
    const at = (fraction) => rss[Math.min(rss.length - 1, Math.floor(rss.length * fraction))];
    return {
      clients,
      open: report.open,
      published,
      failed,
      rate: published / duration,
      minReceived: report.minCount,
      maxReceived: report.maxCount,
      p50Ms: report.p50Ms,
      p99Ms: report.p99Ms,
      maxMs: report.maxMs,
      publishP99Ms: percentile(postMs, 99),
      cpu,
      rss: { at10: at(0.1), at50: at(0.5), end: rss.at(-1), max: Math.max(...rss) },
    };
  } finally {
    for (const child of children ?? []) child.send('close');
    await server.stop();
  }
}

/** A workload token and a camera of the benchmark's tenant: the stream's URL and the camera. */
async function nimbusStream(server) {
  const auth = { authorization: `Bearer ${server.token}` };
  const { data: workload } = await api(server.url, 'POST', '/api/v1/auth/workload-token', {
    headers: auth,
    body: { project_id: server.projectId, scopes: ['events:read', 'cameras:write'], ttl_seconds: 86_400 },
  });
  const camera = await api(server.url, 'POST', '/v2/api/cameras', {
    headers: { authorization: `Bearer ${workload.token}` },
    body: { name: 'bench', rtsp_url: 'rtsp://10.0.0.5:554/stream1', features: ['person'] },
  });
  return {
    wsUrl: `${server.url.replace('http', 'ws')}/v2/ws/events?token=${workload.token}`,
    cameraId: camera.id,
  };
}

function bareStream(server) {
  return { wsUrl: `${server.url.replace('http', 'ws')}/v2/ws/events`, cameraId: 'bench' };
}

async function publish(url, dispatcher, cameraId, postMs) {
  const start = performance.now();
  const trackId = Math.round((performance.timeOrigin + performance.now()) * 1000);
  const response = await request(`${url}/__mock/v2/events`, {
    dispatcher,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ camera_id: cameraId, type: 'person', payload: { track_id: trackId } }),
  });
  await response.body.dump();
  postMs.push(performance.now() - start);
  return response.statusCode === 201;
}

/** One report from the clients' processes: counts, open sockets, and latency percentiles in ms. */
function merge(reports) {
  const histogram = new Map();
  for (const report of reports) {
    for (const [bucket, count] of report.buckets) histogram.set(bucket, (histogram.get(bucket) ?? 0) + count);
  }
  const sorted = [...histogram].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((sum, [, count]) => sum + count, 0);
  const bucketMs = reports[0].bucketUs / 1000;
  const percentileMs = (p) => {
    let seen = 0;
    for (const [bucket, count] of sorted) {
      seen += count;
      if (seen >= (p / 100) * total) return (bucket + 1) * bucketMs;
    }
    return Number.NaN;
  };
  return {
    open: reports.reduce((sum, r) => sum + r.open, 0),
    minCount: Math.min(...reports.map((r) => r.minCount)),
    maxCount: Math.max(...reports.map((r) => r.maxCount)),
    p50Ms: percentileMs(50),
    p99Ms: percentileMs(99),
    maxMs: Math.max(...reports.map((r) => r.maxMs)),
  };
}

// Alone: `node bench/ws-fanout.mjs [nimbus|bare]`, one run, its figures as JSON.
if (process.argv[1] === benchFile('./ws-fanout.mjs')) {
  const duration = Number(process.env.BENCH_WS_DURATION ?? 60);
  console.log(JSON.stringify(await wsFanout({ duration, server: process.argv[2] ?? 'nimbus' })));
}
