// A minimal WebSocket client for the fan-out benchmark (RFC 6455, client side): the handshake
// through node:http, then server frames read straight off the socket. It checks what a client
// must (the accept key, unmasked frames, known opcodes, whole messages) and answers pings, but
// hands each text message over as a slice of the received bytes: no copy, no event per frame.
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const OPCODE = { text: 0x1, close: 0x8, ping: 0x9, pong: 0xa };

/**
 * Opens `url` (ws://) and calls `onText(bytes, start, end)` for each text message. Fragmented
 * messages, masked or unknown frames are protocol errors: `onError` is told and the socket closed.
 * Answers { isOpen, terminate } once the handshake succeeded.
 */
export function openLeanSocket(url, { onText, onError }) {
  const key = randomBytes(16).toString('base64');
  const { hostname, port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({
      hostname,
      port,
      path: `${pathname}${search}`,
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-key': key,
        'sec-websocket-version': '13',
      },
    });
    req.on('error', reject);
    req.on('response', (response) => {
      response.resume();
      reject(new Error(`upgrade refused: ${response.statusCode}`));
    });
    req.on('upgrade', (response, socket, head) => {
      const expected = createHash('sha1')
        .update(key + GUID)
        .digest('base64');
      if (response.headers['sec-websocket-accept'] !== expected) {
        socket.destroy();
        reject(new Error('bad Sec-WebSocket-Accept'));
        return;
      }
      socket.setNoDelay(true);
      let open = true;
      let pending = head.length > 0 ? head : undefined;
      const fail = (message) => {
        open = false;
        onError(new Error(message));
        socket.destroy();
      };
      const onData = (chunk) => {
        const bytes = pending ? Buffer.concat([pending, chunk]) : chunk;
        pending = undefined;
        let at = 0;
        while (open && bytes.length - at >= 2) {
          const first = bytes[at];
          const second = bytes[at + 1];
          if (second & 0x80) return fail('a server frame must not be masked');
          let length = second & 0x7f;
          let start = at + 2;
          if (length === 126) {
            if (bytes.length - at < 4) break;
            length = bytes.readUInt16BE(at + 2);
            start = at + 4;
          } else if (length === 127) {
            if (bytes.length - at < 10) break;
            length = Number(bytes.readBigUInt64BE(at + 2));
            start = at + 10;
          }
          const end = start + length;
          if (end > bytes.length) break;
          const opcode = first & 0x0f;
          if (!(first & 0x80)) return fail('fragmented messages are not expected on this stream');
          if (opcode === OPCODE.text) onText(bytes, start, end);
          else if (opcode === OPCODE.ping) socket.write(clientFrame(OPCODE.pong, bytes.subarray(start, end)));
          else if (opcode === OPCODE.close) {
            open = false;
            socket.end(clientFrame(OPCODE.close, bytes.subarray(start, Math.min(end, start + 2))));
          } else if (opcode !== OPCODE.pong) return fail(`unexpected opcode ${opcode}`);
          at = end;
        }
        if (at < bytes.length) pending = bytes.subarray(at);
      };
      socket.on('data', onData);
      socket.on('error', (error) => {
        if (open) onError(error);
        open = false;
      });
      socket.on('close', () => {
        open = false;
      });
      if (pending) {
        const first = pending;
        pending = undefined;
        onData(first);
      }
      resolve({ isOpen: () => open, terminate: () => socket.destroy() });
    });
    req.end();
  });
}

/** A client frame (FIN, masked as RFC 6455 requires) with a payload under 126 bytes. */
function clientFrame(opcode, payload) {
  const mask = randomBytes(4);
  const frame = Buffer.alloc(6 + payload.length);
  frame[0] = 0x80 | opcode;
  frame[1] = 0x80 | payload.length;
  mask.copy(frame, 2);
  for (let i = 0; i < payload.length; i++) frame[6 + i] = payload[i] ^ mask[i & 3];
  return frame;
}
