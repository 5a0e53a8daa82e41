// A bare node:http server doing the same JSON work as the reference server's
// /api/v1/instances (`bare-routes.mjs`): bearer and project header checks, body parse and
// validation, an in-memory table, the v1 envelope, paging. The baseline the benchmark compares with.
// BENCH_BARE_WORK_US=N: N µs more CPU work per request, spent before answering (work-budget.mjs).
// BENCH_BARE_IMPORTS=a,b: modules imported before listening (startup.mjs: what zod alone costs a start).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { bareRoutes } from './bare-routes.mjs';

for (const name of process.env.BENCH_BARE_IMPORTS?.split(',').filter(Boolean) ?? []) await import(name);

const routes = bareRoutes();
const workNs = BigInt(Math.round(Number(process.env.BENCH_BARE_WORK_US ?? 0) * 1000));

/** Spins for the configured time: work that allocates nothing and waits for nothing. */
function work() {
  if (workNs === 0n) return;
  const until = process.hrtime.bigint() + workNs;
  while (process.hrtime.bigint() < until);
}

function send(res, { status, body }) {
  work();
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': randomUUID() });
  res.end(text);
}

const server = createServer((req, res) => {
  if (req.method === 'GET') return send(res, routes.answer(req.method, req.url, req.headers));
  let text = '';
  req.on('data', (chunk) => {
    text += chunk;
  });
  req.on('end', () => send(res, routes.answer(req.method, req.url, req.headers, text)));
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  process.stdout.write(
    `${JSON.stringify({ url: `http://127.0.0.1:${port}`, token: routes.token, projectId: routes.project })}\n`,
  );
});
// Exits on SIGTERM rather than dying of it, so that `--cpu-prof` (profile.mjs) writes its profile.
process.on('SIGTERM', () => process.exit(0));
