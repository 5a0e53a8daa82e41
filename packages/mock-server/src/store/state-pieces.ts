import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { StalePiecesError } from './errors';

/**
 * A part of the state file's text with its SHA-1 and UTF-8 length, made once while the records
 * in it do not change. Once written, a long piece drops its text (`spill`): the next write copies
 * its bytes from the file written last, so the unchanged part of a large state is not also held
 * in memory. The text stays a string until written, encoded into the write's one buffer: a
 * Buffer per piece lived outside the heap until a full collection, and a 100k-record state
 * left tens of MB of them behind each time it was written whole.
 */
export interface EncodedPiece {
  text: string | undefined;
  readonly digest: Buffer;
  /** Its length in bytes, as written. */
  readonly length: number;
  /** Where the bytes are in the file written last, once the text was dropped. */
  offset: number;
}

/**
 * The digest of a text written in pieces (the digest of the pieces' digests, so a write hashes
 * only the pieces that changed), with the pieces' lengths to take a text read back apart the same way.
 */
export interface Fingerprint {
  readonly lengths: readonly number[];
  readonly digest: string;
}

/** Pieces shorter than this (separators, small tables) keep their text. */
const SPILL_MIN_BYTES = 4096;
/** Pieces are gathered into writes of this size, and copied through it. */
const BUFFER_BYTES = 1 << 20;

export function encodePiece(text: string): EncodedPiece {
  return { text, digest: sha1(text), length: Buffer.byteLength(text, 'utf8'), offset: -1 };
}

export function fingerprintOf(pieces: readonly EncodedPiece[]): Fingerprint {
  const hash = createHash('sha1');
  for (const piece of pieces) hash.update(piece.digest);
  return { lengths: pieces.map((piece) => piece.length), digest: hash.digest('base64') };
}

/** Characters of a loaded text hashed per turn of the event loop (a few ms each). */
const HASH_STEP_CHARS = 1 << 20;

/**
 * The fingerprint of a whole text as one piece (a file loaded), without a copy of its bytes.
 * Taken in steps, with the event loop served in between: a 100k-record state took 150 ms to
 * hash, and the first request waited for a digest that only a later change of the file needs.
 */
export async function fingerprintOfText(text: string): Promise<Fingerprint> {
  const hash = createHash('sha1');
  let length = 0;
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + HASH_STEP_CHARS, text.length);
    // Never between the halves of a surrogate pair: each alone would encode as U+FFFD.
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end++;
    const step = text.slice(start, end);
    hash.update(step, 'utf8');
    length += Buffer.byteLength(step, 'utf8');
    start = end;
    if (start < text.length) await new Promise((resolve) => setImmediate(resolve));
  }
  return { lengths: [length], digest: createHash('sha1').update(hash.digest()).digest('base64') };
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Whether `bytes` are the text `fingerprint` was taken of, cut at the same lengths. */
export function isText(bytes: Buffer, fingerprint: Fingerprint): boolean {
  const hash = createHash('sha1');
  let at = 0;
  for (const length of fingerprint.lengths) {
    if (at + length > bytes.length) return false;
    hash.update(sha1(bytes.subarray(at, at + length)));
    at += length;
  }
  return at === bytes.length && hash.digest('base64') === fingerprint.digest;
}

/** The buffer writes go through: one per writer (a store writes one file at a time). */
export function writeBuffer(): Buffer {
  return Buffer.allocUnsafe(BUFFER_BYTES);
}

/**
 * Writes the pieces end to end into `target` (at its start) through `buffer` (from
 * `writeBuffer`), the spilled ones copied from `source`, the file written last. Answers where
 * each piece now lies in `target`, for `spill`. Throws StalePiecesError when a piece has no text
 * and there is no source to copy it from.
 */
export async function writePieces(
  target: FileHandle,
  pieces: readonly EncodedPiece[],
  source: FileHandle | undefined,
  buffer: Buffer,
): Promise<number[]> {
  const offsets: number[] = [];
  let used = 0;
  let position = 0;
  const drain = async () => {
    await writeAll(target, buffer.subarray(0, used), position);
    position += used;
    used = 0;
  };
  for (const piece of pieces) {
    offsets.push(position + used);
    if (piece.text !== undefined) {
      if (used + piece.length > BUFFER_BYTES) await drain();
      if (piece.length > BUFFER_BYTES) {
        await writeAll(target, Buffer.from(piece.text, 'utf8'), position);
        position += piece.length;
      } else {
        used += buffer.write(piece.text, used, 'utf8');
      }
      continue;
    }
    if (!source) throw new StalePiecesError();
    for (let copied = 0; copied < piece.length; ) {
      if (used === BUFFER_BYTES) await drain();
      const length = Math.min(piece.length - copied, BUFFER_BYTES - used);
      const { bytesRead } = await source.read(buffer, used, length, piece.offset + copied);
      if (bytesRead === 0) throw new StalePiecesError();
      used += bytesRead;
      copied += bytesRead;
    }
  }
  await drain();
  return offsets;
}

/** After a write that succeeded: long pieces drop their text and remember where they now lie. */
export function spill(pieces: readonly EncodedPiece[], offsets: readonly number[]): void {
  pieces.forEach((piece, i) => {
    piece.offset = offsets[i]!;
    if (piece.length >= SPILL_MIN_BYTES) piece.text = undefined;
  });
}

async function writeAll(file: FileHandle, bytes: Buffer, position: number): Promise<void> {
  for (let done = 0; done < bytes.length; ) {
    const { bytesWritten } = await file.write(bytes, done, bytes.length - done, position + done);
    done += bytesWritten;
  }
}

function sha1(data: Buffer | string): Buffer {
  return createHash('sha1').update(data).digest();
}
