/**
 * IPv4 addresses and CIDR blocks, as unsigned 32-bit numbers. Pure functions, no Node imports
 * (the server core also runs in a browser).
 *
 * Decision: a block whose address has host bits set (`10.0.0.1/16`) is refused, not silently
 * normalised, the way AWS and GCP refuse it: a typo in a network plan should surface at once.
 * The refusal names the network address the caller probably meant (`normalise`).
 */

/** A parsed block: its network address (host bits zero) and prefix length. */
export interface CidrBlock {
  readonly network: number;
  readonly prefix: number;
}

export type CidrResult = { ok: true; block: CidrBlock } | { ok: false; message: string };

/** Allowed prefix lengths, inclusive. A VPC asks 16..28; a route destination accepts 0..32. */
export interface PrefixBounds {
  min?: number;
  max?: number;
}

const OCTET = /^(?:0|[1-9]\d{0,2})$/;

/** The address as a number, or undefined. Leading zeros are refused (`010` reads as octal in some tools). */
export function parseIpv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!OCTET.test(part)) return undefined;
    const octet = Number(part);
    if (octet > 255) return undefined;
    value = value * 256 + octet;
  }
  return value;
}

export function formatIpv4(value: number): string {
  return [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
}

/** The netmask of a prefix length as a number (`/24` -> 255.255.255.0). */
export function netmask(prefix: number): number {
  // A shift by 32 is a shift by 0 in JavaScript, so /0 needs its own answer.
  return prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
}

/** The block of `address/prefix` with its host bits cleared (`10.0.0.1/16` -> `10.0.0.0/16`). */
export function normalise(address: number, prefix: number): CidrBlock {
  return { network: (address & netmask(prefix)) >>> 0, prefix };
}

/**
 * Parses `a.b.c.d/n`. Refuses a malformed text, a prefix outside `bounds` and an address with
 * host bits set; each refusal carries a message fit for a validation error.
 */
export function parseCidr(text: string, bounds: PrefixBounds = {}): CidrResult {
  const min = bounds.min ?? 0;
  const max = bounds.max ?? 32;
  const match = /^([^/]+)\/(0|[1-9]\d?)$/.exec(text);
  const address = match ? parseIpv4(match[1]!) : undefined;
  const prefix = Number(match?.[2]);
  if (address === undefined || prefix > 32) {
    return { ok: false, message: 'must be an IPv4 CIDR block such as 10.0.0.0/16' };
  }
  if (prefix < min || prefix > max) {
    return { ok: false, message: `prefix length must be between /${min} and /${max}` };
  }
  const block = normalise(address, prefix);
  if (block.network !== address) {
    return { ok: false, message: `has host bits set; the network address is ${formatCidr(block)}` };
  }
  return { ok: true, block };
}

export function formatCidr(block: CidrBlock): string {
  return `${formatIpv4(block.network)}/${block.prefix}`;
}

/** How many addresses the block spans (a /32 spans one). */
export function blockSize(block: CidrBlock): number {
  return 2 ** (32 - block.prefix);
}

export function containsAddress(block: CidrBlock, address: number): boolean {
  return (address & netmask(block.prefix)) >>> 0 === block.network;
}

/** Whether `inner` lies wholly inside `outer` (a block contains itself). */
export function contains(outer: CidrBlock, inner: CidrBlock): boolean {
  return inner.prefix >= outer.prefix && containsAddress(outer, inner.network);
}

/** Whether two blocks share at least one address; aligned blocks either nest or are disjoint. */
export function overlaps(a: CidrBlock, b: CidrBlock): boolean {
  return contains(a, b) || contains(b, a);
}
