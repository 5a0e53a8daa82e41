import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  blockSize,
  type CidrBlock,
  contains,
  containsAddress,
  formatCidr,
  formatIpv4,
  normalise,
  overlaps,
  parseCidr,
  parseIpv4,
} from '../../src/families/v1/network/cidr';

function block(text: string): CidrBlock {
  const result = parseCidr(text);
  if (!result.ok) throw new Error(`${text}: ${result.message}`);
  return result.block;
}

describe('IPv4 addresses', () => {
  it('parses and formats dotted quads, including both ends of the space', () => {
    expect(parseIpv4('0.0.0.0')).toBe(0);
    expect(parseIpv4('10.1.2.3')).toBe(10 * 2 ** 24 + 1 * 2 ** 16 + 2 * 2 ** 8 + 3);
    expect(parseIpv4('255.255.255.255')).toBe(2 ** 32 - 1);
    expect(formatIpv4(2 ** 32 - 1)).toBe('255.255.255.255');
    expect(formatIpv4(parseIpv4('192.0.2.7')!)).toBe('192.0.2.7');
  });

  it.each(['256.0.0.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.-4', '1.2.3.4 ', 'a.b.c.d', ''])(
    'refuses %j',
    (text) => {
      expect(parseIpv4(text)).toBeUndefined();
    },
  );
});

describe('parseCidr', () => {
  it('accepts a network address and keeps it', () => {
    expect(parseCidr('10.0.0.0/16')).toEqual({
      ok: true,
      block: { network: parseIpv4('10.0.0.0'), prefix: 16 },
    });
    expect(formatCidr(block('172.16.4.0/22'))).toBe('172.16.4.0/22');
  });

  it('refuses host bits and names the network address meant', () => {
    const result = parseCidr('10.0.0.1/16');
    expect(result).toEqual({ ok: false, message: 'has host bits set; the network address is 10.0.0.0/16' });
    expect(parseCidr('10.0.1.0/23').ok).toBe(false);
  });

  it('treats a /32 as one address, which has no host bits to set', () => {
    const single = block('203.0.113.9/32');
    expect(blockSize(single)).toBe(1);
    expect(containsAddress(single, parseIpv4('203.0.113.9')!)).toBe(true);
    expect(containsAddress(single, parseIpv4('203.0.113.10')!)).toBe(false);
  });

  it('accepts /0 only when the bounds allow it (a default route, never a VPC)', () => {
    expect(parseCidr('0.0.0.0/0')).toEqual({ ok: true, block: { network: 0, prefix: 0 } });
    expect(parseCidr('0.0.0.0/0', { min: 16, max: 28 })).toEqual({
      ok: false,
      message: 'prefix length must be between /16 and /28',
    });
    expect(parseCidr('10.0.0.0/8', { min: 16, max: 28 }).ok).toBe(false);
    expect(parseCidr('10.0.0.0/29', { min: 16, max: 28 }).ok).toBe(false);
    expect(parseCidr('10.0.0.0/28', { min: 16, max: 28 }).ok).toBe(true);
  });

  it.each(['10.0.0.0', '10.0.0.0/33', '10.0.0.0/08', '10.0.0.0/-1', '300.0.0.0/8', '10.0.0.0/16/1', '/16'])(
    'refuses the malformed %j',
    (text) => {
      expect(parseCidr(text)).toEqual({
        ok: false,
        message: 'must be an IPv4 CIDR block such as 10.0.0.0/16',
      });
    },
  );

  it('normalise clears host bits, /0 and /32 included', () => {
    expect(formatCidr(normalise(parseIpv4('10.1.2.3')!, 16))).toBe('10.1.0.0/16');
    expect(formatCidr(normalise(parseIpv4('10.1.2.3')!, 0))).toBe('0.0.0.0/0');
    expect(formatCidr(normalise(parseIpv4('10.1.2.3')!, 32))).toBe('10.1.2.3/32');
    expect(formatCidr(normalise(parseIpv4('255.255.255.255')!, 1))).toBe('128.0.0.0/1');
  });
});

describe('contains and overlaps', () => {
  it('a block contains itself and its sub-blocks, not its parent', () => {
    const vpc = block('10.0.0.0/16');
    expect(contains(vpc, vpc)).toBe(true);
    expect(contains(vpc, block('10.0.255.0/24'))).toBe(true);
    expect(contains(vpc, block('10.0.255.255/32'))).toBe(true);
    expect(contains(block('10.0.1.0/24'), vpc)).toBe(false);
  });

  it('stops exactly at the block edges', () => {
    const vpc = block('10.0.0.0/16');
    expect(contains(vpc, block('10.1.0.0/24'))).toBe(false);
    expect(contains(vpc, block('9.255.255.255/32'))).toBe(false);
    expect(overlaps(block('10.0.0.0/25'), block('10.0.0.128/25'))).toBe(false);
    expect(overlaps(block('10.0.0.0/24'), block('10.0.0.128/25'))).toBe(true);
  });

  it('handles the top of the address space without sign errors', () => {
    const top = block('255.255.255.0/24');
    expect(contains(block('128.0.0.0/1'), top)).toBe(true);
    expect(contains(block('0.0.0.0/1'), top)).toBe(false);
    expect(overlaps(top, block('255.255.255.255/32'))).toBe(true);
  });

  it('/0 contains and overlaps everything', () => {
    const all = block('0.0.0.0/0');
    expect(contains(all, block('203.0.113.0/24'))).toBe(true);
    expect(overlaps(block('192.168.0.0/16'), all)).toBe(true);
  });

  it('overlap is symmetric', () => {
    const a = block('172.16.0.0/12');
    const b = block('172.31.255.0/24');
    expect(overlaps(a, b)).toBe(true);
    expect(overlaps(b, a)).toBe(true);
    expect(overlaps(block('192.168.0.0/16'), block('172.16.0.0/12'))).toBe(false);
  });
});

describe('properties', () => {
  const address = fc.integer({ min: 0, max: 2 ** 32 - 1 });
  const prefix = fc.integer({ min: 0, max: 32 });

  it('a normalised block contains the address it came from and parses back to itself', () => {
    fc.assert(
      fc.property(address, prefix, (a, p) => {
        const b = normalise(a, p);
        expect(containsAddress(b, a)).toBe(true);
        expect(parseCidr(formatCidr(b))).toEqual({ ok: true, block: b });
      }),
    );
  });

  it('two blocks overlap exactly when one holds the network address of the other', () => {
    fc.assert(
      fc.property(address, prefix, address, prefix, (a, p, c, q) => {
        const x = normalise(a, p);
        const y = normalise(c, q);
        expect(overlaps(x, y)).toBe(containsAddress(x, y.network) || containsAddress(y, x.network));
        expect(overlaps(x, y)).toBe(overlaps(y, x));
      }),
    );
  });
});
