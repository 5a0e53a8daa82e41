// Event Grid webhook delivery: 1,000 subscriptions of one topic, all pointing at a receiver in
// this process (loopback), then one publish. Measures the time from the publish request to the
// last delivery, and, during the burst, the latency of GET /api/v1/instances sent one after the
// other: deliveries must not block request handling.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { request } from 'undici';
import { api, benchFile, percentile, startServer } from './lib.mjs';

export async function webhooks({ subscriptions = 1000 } = {}) {
  const received = new Set();
  let lastAt = 0;
  let allDelivered;
  const done = new Promise((resolve) => {
    allDelivered = resolve;
  });
  const receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      res.writeHead(204).end();
      if (JSON.parse(body).type !== 'bench.published') return;
      received.add(req.url);
      lastAt = performance.now();
      if (received.size === subscriptions) allDelivered();
    });
  });
  receiver.listen(0, '127.0.0.1');
  await once(receiver, 'listening');
  const receiverUrl = `http://127.0.0.1:${receiver.address().port}`;

  const server = await startServer(benchFile('./servers/nimbus.mjs'));
  try {
    const headers = { authorization: `Bearer ${server.token}`, 'x-project-id': server.projectId };
    await api(server.url, 'PUT', `/__mock/quotas/${server.projectId}`, {
      body: { limits: { topic_subscriptions: subscriptions } },
    });
    const { data: topic } = await api(server.url, 'POST', '/api/v1/topics', {
      headers,
      body: { name: 'bench-topic' },
    });
    // Each subscription has its own path, so every delivery is told apart.
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < subscriptions) {
          const i = next++;
          await api(server.url, 'POST', `/api/v1/topics/${topic.id}/subscriptions`, {
            headers,
            // Only the published type: platform events (each subscription's own `.created`) stay out.
            body: { webhook_url: `${receiverUrl}/hook/${i}`, event_types: 'bench.*', max_retries: 0 },
          });
        }
      }),
    );

    const getMs = [];
    let bursting = true;
    const probe = (async () => {
      while (bursting) {
        const start = performance.now();
        const response = await request(`${server.url}/api/v1/instances?per_page=20`, { headers });
        await response.body.dump();
        if (response.statusCode !== 200) throw new Error(`GET during the burst: ${response.statusCode}`);
        getMs.push(performance.now() - start);
      }
    })();
    const start = performance.now();
    const { data: event } = await api(server.url, 'POST', `/api/v1/topics/${topic.id}/publish`, {
      headers,
      body: { event_type: 'bench.published', subject: '/bench/1', data: { n: 1 } },
    });
    const publishMs = performance.now() - start;
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    bursting = false;
    await probe;
    return {
      subscriptions,
      matched: event.matched_subscriptions,
      delivered: received.size,
      allMs: lastAt - start,
      publishMs,
      gets: getMs.length,
      getP50Ms: percentile(getMs, 50),
      getP99Ms: percentile(getMs, 99),
      getMaxMs: Math.max(...getMs),
    };
  } finally {
    await server.stop();
    receiver.close();
  }
}
