// The reference server (built), in memory or on a state file, with one logged-in tenant.
// Prints { url, token, projectId } as one JSON line when ready.
import { createServer } from '@nimbus/mock-server';
import { Nimbus } from '@nimbus/sdk';

const statePath = process.env.BENCH_STATE;
const server = await createServer({
  port: 0,
  inMemory: !statePath,
  statePath,
  watch: false,
  transitionDelayMs: 0,
});
const client = new Nimbus({ baseUrl: server.url });
const email = `bench-${Date.now()}@example.com`;
await client.auth.register({ email, password: 'bench-password', full_name: 'Bench' });
const login = await client.auth.login({ email, password: 'bench-password' });
const project = process.env.BENCH_PROJECT_ID ?? (await client.projects.create({ name: 'bench' })).id;
// The default quota (100 instances) would turn a load run into 403s.
await client.mock.setQuotas(project, { limits: { instances: 100_000_000 } });
process.stdout.write(
  `${JSON.stringify({ url: server.url, token: login.access_token, projectId: project })}\n`,
);
process.on('SIGTERM', async () => {
  await server.close();
  process.exit(0);
});
