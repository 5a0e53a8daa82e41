// Child of ws-fanout.mjs: opens BENCH_WS_CLIENTS WebSockets to BENCH_WS_URL, counts the events
// each receives, and keeps a latency histogram. Each event's payload.track_id is the time it was
// published, in microseconds since the epoch (performance.timeOrigin + performance.now()), so
// latency = arrival - track_id, across processes on one machine. IPC: 'ready' when all are open;
// answers 'report' with the fewest and most events a client received and the latency histogram.
//
// BENCH_WS_CLIENT=lean (the default) reads the frames off the socket itself (ws-frames.mjs);
// BENCH_WS_CLIENT=ws uses the ws library's client. Both see every frame and read the same
// track_id; the lean one skips ws's per-frame stream and event layers, which on 2 cores made
// this process, not the server, the larger consumer of CPU.
import WebSocket from 'ws';
import { openLeanSocket } from './ws-frames.mjs';

const url = process.env.BENCH_WS_URL;
const count = Number(process.env.BENCH_WS_CLIENTS ?? 1000);
const lean = (process.env.BENCH_WS_CLIENT ?? 'lean') === 'lean';
const BUCKET_US = 100; // 0.1 ms buckets up to 10 s
const histogram = new Uint32Array(100_000);
let slowest = 0;
const counts = new Uint32Array(count);
const MARK = Buffer.from('"track_id":');

/** The track_id digits, read from the message's bytes (parsing 200k messages/s would load this process). */
function trackId(bytes, start, end) {
  let i = bytes.indexOf(MARK, start) + MARK.length;
  if (i < MARK.length || i >= end) return Number.NaN;
  let value = 0;
  for (let c = bytes[i]; i < end && c >= 48 && c <= 57; c = bytes[++i]) value = value * 10 + (c - 48);
  return value;
}

function onMessage(index, bytes, start, end) {
  const now = (performance.timeOrigin + performance.now()) * 1000;
  const latency = now - trackId(bytes, start, end);
  counts[index]++;
  const bucket = Math.min(histogram.length - 1, Math.max(0, Math.floor(latency / BUCKET_US)));
  histogram[bucket]++;
  if (latency > slowest) slowest = latency;
}

/** A ws client; answers { isOpen, terminate }. */
async function openWs(index) {
  // The load generator's own cost is kept low (no UTF-8 check): it shares the machine with the server.
  const ws = new WebSocket(url, { perMessageDeflate: false, skipUTF8Validation: true });
  ws.on('message', (frame) => onMessage(index, frame, 0, frame.length));
  ws.on('error', (error) => console.error(`client ${index}: ${error.message}`));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { isOpen: () => ws.readyState === WebSocket.OPEN, terminate: () => ws.terminate() };
}

const sockets = await Promise.all(
  Array.from({ length: count }, async (_, index) => {
    // Spread the handshakes a little: a thousand at once on one loop is a synthetic spike.
    await new Promise((resolve) => setTimeout(resolve, index));
    if (!lean) return openWs(index);
    return openLeanSocket(url, {
      onText: (bytes, start, end) => onMessage(index, bytes, start, end),
      onError: (error) => console.error(`client ${index}: ${error.message}`),
    });
  }),
);

process.on('message', (message) => {
  if (message === 'report') {
    const buckets = [];
    for (let i = 0; i < histogram.length; i++) if (histogram[i] > 0) buckets.push([i, histogram[i]]);
    process.send({
      open: sockets.filter((socket) => socket.isOpen()).length,
      minCount: Math.min(...counts),
      maxCount: Math.max(...counts),
      buckets,
      bucketUs: BUCKET_US,
      maxMs: slowest / 1000,
    });
  } else if (message === 'close') {
    for (const socket of sockets) socket.terminate();
    process.exit(0);
  }
});
process.send('ready');
