import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';

/** One way a deployment drifts from the reference: which answers it changes, and how. */
export interface Drift {
  method: string;
  /** Matched against the request's path (no query). */
  path: RegExp;
  /** Only answers of this status are changed. */
  status: number;
  /** Changes the answer in place: its status, headers and parsed JSON body. */
  change(answer: { status: number; headers: Headers; body: Record<string, unknown> }): void;
}

export interface DriftingProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * A proxy in front of the reference server that answers as a drifting deployment would: each
 * drift changes the answers it matches, everything else passes through untouched. Realtime
 * messages of `/v2/ws/events` pass through `changeEvent`.
 */
export async function startDriftingProxy(
  upstream: string,
  drifts: readonly Drift[],
  changeEvent: (event: Record<string, unknown>) => void = () => {},
): Promise<DriftingProxy> {
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', upstream);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (
        typeof value === 'string' &&
        !['host', 'connection', 'accept-encoding', 'content-length'].includes(name)
      )
        headers.set(name, value);
    }
    const answer = await fetch(url, {
      method: request.method,
      headers,
      ...(body.length > 0 && { body: new Uint8Array(body) }),
      redirect: 'manual',
    });
    let status = answer.status;
    const outHeaders = new Headers(answer.headers);
    let bytes = Buffer.from(await answer.arrayBuffer());
    const drift = drifts.find(
      (d) => d.method === request.method && d.path.test(url.pathname) && d.status === answer.status,
    );
    if (drift) {
      const changed = { status, headers: outHeaders, body: JSON.parse(bytes.toString('utf8')) };
      drift.change(changed);
      status = changed.status;
      bytes = Buffer.from(JSON.stringify(changed.body));
    }
    for (const name of [
      'content-length',
      'content-encoding',
      'transfer-encoding',
      'connection',
      'keep-alive',
    ])
      outHeaders.delete(name);
    response.writeHead(status, Object.fromEntries(outHeaders));
    response.end(bytes);
  });
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    const target = new URL(request.url ?? '/', upstream);
    target.protocol = 'ws:';
    const outbound = new WebSocket(target);
    outbound.on('unexpected-response', () => socket.destroy());
    outbound.on('error', () => socket.destroy());
    outbound.on('open', () => {
      sockets.handleUpgrade(request, socket, head, (inbound) => {
        outbound.on('message', (data) => {
          const message = JSON.parse(data.toString()) as { data: Record<string, unknown> };
          changeEvent(message.data);
          inbound.send(JSON.stringify(message));
        });
        outbound.on('close', () => inbound.close());
        inbound.on('close', () => outbound.close());
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const client of sockets.clients) client.terminate();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
