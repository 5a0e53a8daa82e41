import { ByteSlabs, type TextWriter } from '../core/services/byte-slabs';

/** Buffer's own UTF-8 writer, only where 3 bytes a character fit: `write` stops short, unsaid, where they do not. */
export const writeUtf8: TextWriter = (text, slab, offset) =>
  slab.byteLength - offset >= text.length * 3 ? (slab as Buffer).write(text, offset, 'utf8') : -1;

/**
 * The Node server's answers as bytes, in slabs it need not zero. The socket writes these bytes
 * (the text was encoded for the write anyway) and the request journal keeps them as they are.
 */
export function answerSlabs(): ByteSlabs {
  return new ByteSlabs({ allocate: (size) => Buffer.allocUnsafeSlow(size), write: writeUtf8 });
}
