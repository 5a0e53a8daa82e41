import * as z from 'zod';

// Schemas every network group shares. The contract checks the syntax of addresses and blocks;
// the server checks what needs arithmetic or state (prefix bounds, host bits, containment).

/** An IPv4 CIDR block in canonical syntax (no leading zeros), e.g. `10.0.0.0/16`. */
export const Ipv4Cidr = z.cidrv4({ error: 'must be an IPv4 CIDR block such as 10.0.0.0/16' });

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';

/**
 * An IPv4 block whose prefix length the server bounds (a VPC /16../28, a subnet /16../29), the
 * bounds said in JSON Schema. That the address is the network address (no host bits) is checked
 * by the server only.
 */
export const ipv4CidrWithPrefix = (min: number, max: number) =>
  Ipv4Cidr.meta({
    pattern: `^(?:${OCTET}\\.){3}${OCTET}/(?:${Array.from({ length: max - min + 1 }, (_, i) => min + i).join('|')})$`,
  });

/** A dotted-quad IPv4 address, e.g. `203.0.113.7`. */
export const Ipv4Address = z.ipv4({ error: 'must be an IPv4 address such as 203.0.113.7' });

/** Private ASN ranges of RFC 6996: 16-bit 64512..65534 and 32-bit 4200000000..4294967294. */
export const PRIVATE_ASN_RANGES = [
  [64_512, 65_534],
  [4_200_000_000, 4_294_967_294],
] as const;

export function isPrivateAsn(asn: number): boolean {
  return PRIVATE_ASN_RANGES.some(([low, high]) => asn >= low && asn <= high);
}

/** An autonomous system number the platform's side of a BGP session may use: private only. */
const PRIVATE_ASN_ERROR = 'must be a private ASN: 64512..65534 or 4200000000..4294967294';
export const PrivateAsn = z
  .number()
  .int({ error: 'must be a whole number' })
  .min(PRIVATE_ASN_RANGES[0][0], { error: PRIVATE_ASN_ERROR, abort: true })
  .max(PRIVATE_ASN_RANGES[1][1], { error: PRIVATE_ASN_ERROR, abort: true })
  .refine(isPrivateAsn, { error: PRIVATE_ASN_ERROR })
  .meta({ anyOf: PRIVATE_ASN_RANGES.map(([minimum, maximum]) => ({ minimum, maximum })) });

/** Any assignable ASN (the peer may be a public network); 0 and 4294967295 are reserved (RFC 7607, 7300). */
export const PeerAsn = z.number().int({ error: 'must be a whole number' }).min(1).max(4_294_967_294);

/** Zones of subnets are the platform's availability zones. */
export { AvailabilityZone as ZoneName } from '../../common';

/** Shared endpoint settings: every network route is a bearer, project-scoped `network` route. */
export const networkRoute = { family: 'network', auth: 'bearer', project: true } as const;
