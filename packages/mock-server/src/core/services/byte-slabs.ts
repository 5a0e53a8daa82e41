/**
 * Bytes of bodies, bump-allocated in shared slabs outside the JS heap. A body the request journal
 * keeps survives the young generation's collections: kept as a string, V8 copied it twice (to the
 * survivor space, then to the old space), and kept as a buffer of its own, it cost an allocation
 * and its tracking. A slab goes once nothing in it is referenced (bench/README.md, run Q).
 */

/** Writes `text` as UTF-8 at `offset`, when it fits: the bytes written, or -1. */
export type TextWriter = (text: string, slab: Uint8Array, offset: number) => number;

/** The same with TextEncoder, for any runtime (the Node server writes with Buffer's own). */
const encoder = new TextEncoder();
export const encodeTextInto: TextWriter = (text, slab, offset) => {
  const { read, written } = encoder.encodeInto(text, slab.subarray(offset));
  return read === text.length ? written : -1;
};

/** Slabs this module made: their views are bytes of their own, whatever else shares the slab. */
const slabBuffers = new WeakSet<ArrayBufferLike>();

/** Whether `bytes` were allocated here (a view into a slab), not a view into another buffer. */
export function inSlab(bytes: Uint8Array): boolean {
  return slabBuffers.has(bytes.buffer);
}

export class ByteSlabs {
  readonly #slabBytes: number;
  readonly #allocate: (size: number) => Uint8Array;
  readonly #write: TextWriter;
  #slab: Uint8Array = new Uint8Array(0);
  #used = 0;

  /** `allocate` need not zero the slab (the Node server's takes Buffer.allocUnsafeSlow). */
  constructor({
    slabBytes = 256 * 1024,
    allocate = (size: number) => new Uint8Array(size),
    write = encodeTextInto,
  }: { slabBytes?: number; allocate?: (size: number) => Uint8Array; write?: TextWriter } = {}) {
    this.#slabBytes = slabBytes;
    this.#allocate = allocate;
    this.#write = write;
  }

  /** `text` as UTF-8 bytes; longer than a sixteenth of a slab, in bytes of its own. */
  text(text: string): Uint8Array {
    // At most 3 bytes a character: a sixteenth slab's characters fit a new slab whole.
    if (text.length > this.#slabBytes / 16) return encoder.encode(text);
    let written =
      this.#slab.byteLength - this.#used >= text.length ? this.#write(text, this.#slab, this.#used) : -1;
    if (written < 0) {
      this.#next();
      written = this.#write(text, this.#slab, 0);
    }
    return this.#take(written);
  }

  /** A copy of `bytes`. */
  bytes(bytes: Uint8Array): Uint8Array {
    if (bytes.byteLength > this.#slabBytes / 16) return bytes.slice();
    if (this.#used + bytes.byteLength > this.#slab.byteLength) this.#next();
    this.#slab.set(bytes, this.#used);
    return this.#take(bytes.byteLength);
  }

  #next(): void {
    this.#slab = this.#allocate(this.#slabBytes);
    slabBuffers.add(this.#slab.buffer);
    this.#used = 0;
  }

  #take(size: number): Uint8Array {
    const kept = this.#slab.subarray(this.#used, this.#used + size);
    this.#used += size;
    return kept;
  }
}
