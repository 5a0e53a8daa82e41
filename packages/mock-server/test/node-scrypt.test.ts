import { scryptAsync } from '@noble/hashes/scrypt.js';
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, unmatchablePasswordHash, useScrypt, verifyPassword } from '../src/core/secrets';
import { nodeScrypt } from '../src/node/scrypt';

afterEach(() => useScrypt(scryptAsync));

describe("the Node server's scrypt", () => {
  it('makes the hashes @noble/hashes makes, at both costs, so each verifies the other', async () => {
    for (const cost of ['test', 'standard'] as const) {
      useScrypt(scryptAsync);
      const byNoble = await hashPassword('correct horse', cost);
      useScrypt(nodeScrypt);
      const byNode = await hashPassword('correct horse', cost);
      expect(await verifyPassword('correct horse', byNoble)).toBe(true);
      expect(await verifyPassword('wrong horse', byNoble)).toBe(false);
      useScrypt(scryptAsync);
      expect(await verifyPassword('correct horse', byNode)).toBe(true);
    }
  });

  it("computes the largest cost a stored hash may ask for (2^16), beyond Node's default memory cap", async () => {
    useScrypt(nodeScrypt);
    const salt = new Uint8Array(16).fill(7);
    const options = { N: 2 ** 16, r: 8, p: 1, dkLen: 32 };
    expect(await nodeScrypt('pw', salt, options)).toEqual(await scryptAsync('pw', salt, options));
    expect(await verifyPassword('pw', unmatchablePasswordHash('test'))).toBe(false);
  });
});
