import { scrypt } from 'node:crypto';
import type { Scrypt } from '../core/secrets';

/**
 * scrypt by `node:crypto`: native, where the core's @noble/hashes runs it in JavaScript (the
 * first hashes of a process, before the JIT warms up, cost it tens of milliseconds each).
 */
export const nodeScrypt: Scrypt = (password, salt, { N, r, p, dkLen }) =>
  new Promise((resolve, reject) => {
    // scrypt needs 128 * N * r bytes; Node refuses above `maxmem` (32 MiB by default), which
    // the largest cost a stored hash may ask for (N = 2^16) exceeds.
    scrypt(password, salt, dkLen, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
      error ? reject(error) : resolve(new Uint8Array(key)),
    );
  });
