// Requests per second of GET and POST /api/v1/instances on the reference server, beside a
// bare node:http server doing the same JSON work, in one run on this machine.
import { fileURLToPath } from 'node:url';
import { load, startServer } from './lib.mjs';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const body = JSON.stringify({ name: 'bench-vm', flavor: 'small', region: 'hn' });

export async function throughput({ duration = 10, connections = 50 } = {}) {
  const results = {};
  for (const [name, script] of [
    ['bare node:http', here('./servers/bare.mjs')],
    ['nimbus', here('./servers/nimbus.mjs')],
  ]) {
    const server = await startServer(script);
    const headers = { authorization: `Bearer ${server.token}`, 'x-project-id': server.projectId };
    try {
      // Fill a page first so GET serialises 20 records on both servers.
      await load({
        url: server.url,
        path: '/api/v1/instances',
        method: 'POST',
        body,
        headers,
        connections: 1,
        duration: 1,
      });
      const post = await load({
        url: server.url,
        path: '/api/v1/instances',
        method: 'POST',
        body,
        headers,
        connections,
        duration,
      });
      const get = await load({
        url: server.url,
        path: '/api/v1/instances?per_page=20',
        headers,
        connections,
        duration,
      });
      results[name] = { get, post };
    } finally {
      await server.stop();
    }
  }
  return results;
}
