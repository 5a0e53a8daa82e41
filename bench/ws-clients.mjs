// Child of ws-fanout.mjs: opens BENCH_WS_CLIENTS WebSockets to BENCH_WS_URL, counts the events
// each receives, and keeps a latency histogram. Each event's payload.track_id is the time it was
// published, in microseconds since the epoch (performance.timeOrigin + performance.now()), so
// latency = arrival - track_id, across processes on one machine. IPC: 'ready' when all are open;
// answers 'report' with the fewest and most events a client received and the latency histogram.
import WebSocket from 'ws';

const url = process.env.BENCH_WS_URL;
const count = Number(process.env.BENCH_WS_CLIENTS ?? 1000);
const BUCKET_US = 100; // 0.1 ms buckets up to 10 s
const histogram = new Uint32Array(100_000);
let slowest = 0;
const counts = new Uint32Array(count);
const MARK = Buffer.from('"track_id":');

/** The track_id digits, read from the frame's bytes (parsing 200k frames/s would load this process). */
function trackId(frame) {
  let i = frame.indexOf(MARK) + MARK.length;
  let value = 0;
  for (let c = frame[i]; c >= 48 && c <= 57; c = frame[++i]) value = value * 10 + (c - 48);
  return value;
}

const sockets = [];
await Promise.all(
  Array.from({ length: count }, async (_, index) => {
    // Spread the handshakes a little: a thousand at once on one loop is a synthetic spike.
    await new Promise((resolve) => setTimeout(resolve, index));
    // The load generator's own cost is kept low (no UTF-8 check): it shares the machine with the server.
    const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
    ws.on('message', (frame) => {
      const now = (performance.timeOrigin + performance.now()) * 1000;
      const latency = now - trackId(frame);
      counts[index]++;
      const bucket = Math.min(histogram.length - 1, Math.max(0, Math.floor(latency / BUCKET_US)));
      histogram[bucket]++;
      if (latency > slowest) slowest = latency;
    });
    ws.on('error', (error) => {
      console.error(`client ${index}: ${error.message}`);
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    sockets.push(ws);
  }),
);

process.on('message', (message) => {
  if (message === 'report') {
    const buckets = [];
    for (let i = 0; i < histogram.length; i++) if (histogram[i] > 0) buckets.push([i, histogram[i]]);
    process.send({
      open: sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length,
      minCount: Math.min(...counts),
      maxCount: Math.max(...counts),
      buckets,
      bucketUs: BUCKET_US,
      maxMs: slowest / 1000,
    });
  } else if (message === 'close') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
process.send('ready');
