/**
 * Re-stamps an MPEG transport stream: adds `offset` (90 kHz units) to every PCR, PTS and DTS,
 * so copies of one clip can follow each other as a continuous recording. Pure byte work, no
 * demuxing: the packet layout is ISO/IEC 13818-1 §2.4.3.
 */
const PACKET = 188;
const SYNC = 0x47;
const WRAP = 2 ** 33;

export function shiftTimestamps(input: Uint8Array, offset: number): Uint8Array {
  const out = new Uint8Array(input);
  for (let at = 0; at + PACKET <= out.length; at += PACKET) {
    if (out[at] !== SYNC) throw new Error(`Not an MPEG-TS packet at byte ${at}`);
    shiftPacket(out, at, offset);
  }
  return out;
}

function shiftPacket(b: Uint8Array, at: number, offset: number): void {
  const payloadStart = (b[at + 1]! & 0x40) !== 0;
  const control = (b[at + 3]! >> 4) & 0x3;
  let pos = at + 4;
  if (control & 0x2) {
    const length = b[pos]!;
    if (length > 0 && b[pos + 1]! & 0x10) shiftPcr(b, pos + 2, offset);
    pos += 1 + length;
  }
  // A PES header starts the payload of the first packet of each frame: 00 00 01 <stream id>.
  if (!(control & 0x1) || !payloadStart || pos + 19 > at + PACKET) return;
  if (b[pos] !== 0 || b[pos + 1] !== 0 || b[pos + 2] !== 1) return;
  const flags = (b[pos + 7]! >> 6) & 0x3;
  if (flags & 0x2) writeTimestamp(b, pos + 9, readTimestamp(b, pos + 9) + offset);
  if (flags === 0x3) writeTimestamp(b, pos + 14, readTimestamp(b, pos + 14) + offset);
}

/** PCR base: 33 bits over 4 bytes and the top bit of the fifth; the rest is kept. */
function shiftPcr(b: Uint8Array, p: number, offset: number): void {
  const base = b[p]! * 2 ** 25 + b[p + 1]! * 2 ** 17 + b[p + 2]! * 2 ** 9 + b[p + 3]! * 2 + (b[p + 4]! >> 7);
  const next = (base + offset) % WRAP;
  b[p] = Math.floor(next / 2 ** 25) & 0xff;
  b[p + 1] = Math.floor(next / 2 ** 17) & 0xff;
  b[p + 2] = Math.floor(next / 2 ** 9) & 0xff;
  b[p + 3] = Math.floor(next / 2) & 0xff;
  b[p + 4] = ((next & 1) << 7) | (b[p + 4]! & 0x7f);
}

/** A PES timestamp: 33 bits in 5 bytes around marker bits (3 + 15 + 15). */
export function readTimestamp(b: Uint8Array, p: number): number {
  const high = (b[p]! >> 1) & 0x07;
  const mid = ((b[p + 1]! << 7) | (b[p + 2]! >> 1)) & 0x7fff;
  const low = ((b[p + 3]! << 7) | (b[p + 4]! >> 1)) & 0x7fff;
  return high * 2 ** 30 + mid * 2 ** 15 + low;
}

function writeTimestamp(b: Uint8Array, p: number, value: number): void {
  const v = value % WRAP;
  const high = Math.floor(v / 2 ** 30) & 0x07;
  const mid = Math.floor(v / 2 ** 15) & 0x7fff;
  const low = v & 0x7fff;
  b[p] = (b[p]! & 0xf0) | (high << 1) | 1;
  b[p + 1] = mid >> 7;
  b[p + 2] = ((mid & 0x7f) << 1) | 1;
  b[p + 3] = low >> 7;
  b[p + 4] = ((low & 0x7f) << 1) | 1;
}
