import { afterEach, describe, expect, it } from 'vitest';
import {
  hashPassword,
  hmacSha256Hex,
  nobleHashes,
  nodeHashes,
  sha256,
  unmatchablePasswordHash,
  useHashes,
  verifyPassword,
} from '../src/core/services/secrets';

// In Node the server hashes with node:crypto; in a browser with @noble/hashes. A hash made by
// one must verify with the other (a state moves between an msw worker and a Node server).
const node = nodeHashes()!;
const noble = await nobleHashes();
afterEach(() => useHashes(node));

describe('the hash functions of Node and of a browser', () => {
  it('are there in Node without anything loaded for them', () => {
    expect(node).toBeDefined();
  });

  it('make the same password hashes, at both costs, so each verifies the other', async () => {
    for (const cost of ['test', 'standard'] as const) {
      useHashes(noble);
      const byNoble = await hashPassword('correct horse', cost);
      useHashes(node);
      const byNode = await hashPassword('correct horse', cost);
      expect(await verifyPassword('correct horse', byNoble)).toBe(true);
      expect(await verifyPassword('wrong horse', byNoble)).toBe(false);
      useHashes(noble);
      expect(await verifyPassword('correct horse', byNode)).toBe(true);
    }
  });

  it('make the same SHA-256 and HMAC', () => {
    const digests = (hashes: typeof node) => {
      useHashes(hashes);
      return [sha256('nk_token'), sha256(''), hmacSha256Hex('whsec', '1700000000.{"a":1}')];
    };
    const byNode = digests(node);
    expect(byNode[1]).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(digests(noble)).toEqual(byNode);
  });

  it("computes the largest cost a stored hash may ask for (2^16), beyond Node's default memory cap", async () => {
    const salt = new Uint8Array(16).fill(7);
    const options = { N: 2 ** 16, r: 8, p: 1, dkLen: 32 };
    expect(await node.scrypt('pw', salt, options)).toEqual(await noble.scrypt('pw', salt, options));
    expect(await verifyPassword('pw', unmatchablePasswordHash('test'))).toBe(false);
  });
});
