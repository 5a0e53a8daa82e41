// The bare server's work (`bare-routes.mjs`) served through the reference server's Node adapter
// (`createNodeServer`): what the adapter alone costs, without the core. The reply carries the
// headers the core adds to every answer, so the bytes written match the reference server's.
import { randomUUID } from 'node:crypto';
import { createNodeServer } from '@nimbus/mock-server';
import { bareRoutes } from './bare-routes.mjs';

const routes = bareRoutes();
const decoder = new TextDecoder();
const app = {
  runtime: { config: { maxBodyBytes: 1024 * 1024 } },
  async handle(request) {
    const headers = {
      authorization: request.headers.get('authorization'),
      'x-project-id': request.headers.get('x-project-id'),
    };
    const text = request.bufferedBody ? decoder.decode(request.bufferedBody) : undefined;
    const { status, body } = routes.answer(request.method, request.url, headers, text);
    return {
      status,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'x-request-id': randomUUID(),
        'access-control-allow-origin': '*',
        'access-control-expose-headers': 'X-Request-Id, Retry-After, WWW-Authenticate, Allow',
      },
      body: JSON.stringify(body),
    };
  },
};

const server = createNodeServer(app);
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address();
  process.stdout.write(
    `${JSON.stringify({ url: `http://127.0.0.1:${port}`, token: routes.token, projectId: routes.project })}\n`,
  );
});
// Exits on SIGTERM rather than dying of it, so that `--cpu-prof` (profile.mjs) writes its profile.
process.on('SIGTERM', () => process.exit(0));
