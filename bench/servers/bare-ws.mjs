// A bare node:http WebSocket fan-out: the baseline of the fan-out benchmark. GET /v2/ws/events
// upgrades by hand (no token, no filter, no heartbeat); POST /__mock/v2/events parses the body,
// makes an event of the reference server's shape and frames it once. Frames leave in flushes as
// the reference server's do (at once when the last flush ended FLUSH_GAP_MS ago or more, else
// when that gap is over), the flush's frames concatenated once and written to every socket.
// BENCH_BARE_GAP_MS=0 writes each frame to every socket at once instead. Prints { url } when ready.
import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const FLUSH_GAP_MS = Number(process.env.BENCH_BARE_GAP_MS ?? 10);
const sockets = new Set();
const pending = [];
let flushing;
let lastFlushEnd = Number.NEGATIVE_INFINITY;

function flush() {
  flushing = undefined;
  const bytes = pending.length === 1 ? pending[0] : Buffer.concat(pending);
  pending.length = 0;
  for (const socket of sockets) socket.write(bytes);
  lastFlushEnd = performance.now();
}

function send(frame) {
  pending.push(frame);
  if (FLUSH_GAP_MS === 0) return flush();
  if (flushing) return;
  const wait = lastFlushEnd + FLUSH_GAP_MS - performance.now();
  flushing = wait > 0 ? setTimeout(flush, wait) : setImmediate(flush);
}

/** An unmasked text frame (RFC 6455) for a payload under 64 KiB. */
function textFrame(payload) {
  const head =
    payload.length < 126
      ? Buffer.from([0x81, payload.length])
      : Buffer.from([0x81, 126, payload.length >> 8, payload.length & 0xff]);
  return Buffer.concat([head, payload]);
}

function eventOf(body) {
  const ts = new Date().toISOString();
  const id = randomUUID();
  return {
    id,
    camera_id: body.camera_id,
    tenant_id: 'bench',
    type: body.type,
    confidence: 0.9,
    payload: { boxes: [{ x: 0.1, y: 0.2, w: 0.3, h: 0.4, label: body.type }], ...body.payload },
    snapshot_url: `/v2/hls/${body.camera_id}/2026-01-01/00/snapshots/${id}.jpg`,
    trace_id: randomUUID(),
    model_version: 'bench-1',
    ts,
  };
}

const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/__mock/v2/events') {
    res.writeHead(404).end();
    return;
  }
  let text = '';
  req.on('data', (chunk) => {
    text += chunk;
  });
  req.on('end', () => {
    const event = eventOf(JSON.parse(text));
    send(textFrame(Buffer.from(JSON.stringify({ v: 2, data: event }))));
    res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(event));
  });
});

server.on('upgrade', (req, socket) => {
  const key = req.headers['sec-websocket-key'];
  if (!req.url?.startsWith('/v2/ws/events') || typeof key !== 'string') {
    socket.destroy();
    return;
  }
  const accept = createHash('sha1')
    .update(key + GUID)
    .digest('base64');
  socket.write(
    `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  socket.setNoDelay(true);
  sockets.add(socket);
  // Client frames (none but a close here) are read and dropped.
  socket.resume();
  socket.on('error', () => socket.destroy());
  socket.on('close', () => sockets.delete(socket));
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
process.on('SIGTERM', () => {
  for (const socket of sockets) socket.destroy();
  server.close(() => process.exit(0));
});
