import { describe, expect, it } from 'vitest';
import { ByteSlabs, encodeTextInto, inSlab } from '../src/core/services/byte-slabs';
import { writeUtf8 } from '../src/node/answer-bytes';

// What the request journal and the Node server keep of a body: its bytes in a shared slab.
// Small slabs make every way a text can meet a slab's end happen within a few hundred texts.
const texts = Array.from({ length: 600 }, (_, i) => `${i}:${'é€😀a'.repeat(i % 11)}${'b'.repeat(i % 7)}`);
const decoder = new TextDecoder();

describe.each([
  ['TextEncoder', encodeTextInto, (size: number) => new Uint8Array(size)],
  ["Buffer's writer", writeUtf8, (size: number) => Buffer.allocUnsafeSlow(size)],
])('slabs written with %s', (_, write, allocate) => {
  it('keep each text whole, multi-byte characters included, wherever a slab ends', () => {
    const slabs = new ByteSlabs({ slabBytes: 1024, write, allocate });
    const kept = texts.map((text) => slabs.text(text));
    expect(kept.map((bytes) => decoder.decode(bytes))).toEqual(texts);
    expect(kept.every(inSlab)).toBe(true);
  });

  it('keep bytes as a copy, and a long text in bytes of its own', () => {
    const slabs = new ByteSlabs({ slabBytes: 1024, write, allocate });
    const view = new TextEncoder().encode('xx{"a":"é"}xx').subarray(2, 12);
    const copy = slabs.bytes(view);
    expect(decoder.decode(copy)).toBe('{"a":"é"}');
    expect(copy.buffer).not.toBe(view.buffer);
    const long = 'ß'.repeat(100);
    expect(decoder.decode(slabs.text(long))).toBe(long);
    expect(inSlab(slabs.text(long))).toBe(false);
  });
});
