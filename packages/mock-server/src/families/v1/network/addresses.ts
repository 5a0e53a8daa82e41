import { HttpError } from '../../../core/pipeline/http-error';
import { blockSize, type CidrBlock, formatIpv4 } from './cidr';
import { storedCidr } from './shared';

/**
 * Addresses of a subnet that endpoints may take. As on AWS, the first four (network, router,
 * DNS, reserved) and the last (broadcast) are the platform's: a /29 leaves three.
 */
export function usableRange(block: CidrBlock): { first: number; last: number } {
  return { first: block.network + 4, last: block.network + blockSize(block) - 2 };
}

export function usableCount(block: CidrBlock): number {
  const { first, last } = usableRange(block);
  return Math.max(0, last - first + 1);
}

/** The lowest usable address not in `taken`, or undefined when the subnet is full. */
export function lowestFree(block: CidrBlock, taken: ReadonlySet<number>): number | undefined {
  const { first, last } = usableRange(block);
  for (let address = first; address <= last; address++) if (!taken.has(address)) return address;
  return undefined;
}

/**
 * Public gateway addresses come from the documentation ranges of RFC 5737 (TEST-NET-1..3), so a
 * mock address can never be mistaken for, or route to, a real host.
 */
const PUBLIC_POOLS = ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24'].map(storedCidr);

/** The first pool address (network and broadcast skipped) that `isTaken` does not claim. */
export function allocatePublicIp(isTaken: (ip: string) => boolean): string {
  for (const pool of PUBLIC_POOLS) {
    for (let offset = 1; offset < blockSize(pool) - 1; offset++) {
      const ip = formatIpv4(pool.network + offset);
      if (!isTaken(ip)) return ip;
    }
  }
  throw HttpError.conflict('No public IPv4 address is free for a new gateway');
}
