/**
 * FNV-1a, 32 bits, with a final mix: a fast, stable hash for values that must come out the same on every run
 * (metric curves, name server choice). Not for secrets.
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // Murmur3's finaliser: inputs that differ only in their last characters (timestamps) still
  // land far apart.
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/** A stable number in [0, 1) for `text`. */
export function unitHash(text: string): number {
  return fnv1a(text) / 2 ** 32;
}
