import * as z from 'zod';
import { listQuery, ProjectRecord, Uuid, whenField } from '../common';
import { endpoint } from '../define';

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';

/** A zone name: two or more lowercase labels, e.g. `example.com`, `corp.internal`. */
export const DnsZoneName = z
  .string()
  .max(253)
  .regex(new RegExp(`^(?:${LABEL}\\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$`), {
    error: 'must be a DNS zone name such as example.com (lowercase labels of 1..63 characters)',
  });

/** A record set name relative to the zone: `@` (apex), `www`, `api.v1`, `*` or `*.dev`, `_dmarc`. */
export const RecordSetName = z
  .string()
  .max(253)
  .regex(
    /^(?:@|(?:\*|[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?)(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?)*)$/,
    {
      error: 'must be @, a relative name such as www or api.v1, or a wildcard such as *.dev',
    },
  );

const HOSTNAME =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+\.?$/i;
/** HOSTNAME for JSON Schema, whose patterns take no flags: both cases spelled out. */
const HOSTNAME_ANY_CASE = HOSTNAME.source.slice(1, -1).replaceAll('a-z', 'A-Za-z');

/** A fully qualified host name, optionally ending with a dot. */
const Hostname = z
  .string()
  .max(254)
  .regex(HOSTNAME, { error: 'must be a host name such as mail.example.com' })
  .meta({ pattern: `^${HOSTNAME_ANY_CASE}$` });

const MxValue = z
  .string()
  .refine(
    (v) => {
      const match = /^(\d{1,5}) (\S+)$/.exec(v);
      return match !== null && Number(match[1]) <= 65_535 && Hostname.safeParse(match[2]).success;
    },
    { error: 'must be "<priority 0..65535> <host>", e.g. "10 mail.example.com"' },
  )
  .meta({
    pattern: `^(?:\\d{1,4}|[0-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5]) ${HOSTNAME_ANY_CASE}$`,
  });

export const RecordType = z.enum(['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS']);

const Ttl = z.number().int().min(60).max(86_400).default(3600).describe('Seconds, 60..86400');

const recordSet = <T extends z.infer<typeof RecordType>>(
  type: T,
  value: z.ZodType<string>,
  max = 100,
  tooMany?: string,
) =>
  z.object({
    name: RecordSetName.describe('Relative name, @ for the zone apex'),
    type: z.literal(type),
    ttl: Ttl,
    values: z
      .array(value)
      .min(1)
      .max(max, tooMany ? { error: tooMany } : undefined),
  });

/** A record set; the values must fit the type (A: IPv4, AAAA: IPv6, CNAME: one host name...). */
export const RecordSetInput = z.discriminatedUnion(
  'type',
  [
    recordSet('A', z.ipv4({ error: 'must be an IPv4 address' })),
    recordSet('AAAA', z.ipv6({ error: 'must be an IPv6 address' })),
    recordSet('CNAME', Hostname, 1, 'a CNAME holds exactly one host name'),
    recordSet('MX', MxValue),
    recordSet('TXT', z.string().min(1).max(255)),
    recordSet('NS', Hostname),
  ],
  { error: 'must be one of A, AAAA, CNAME, MX, TXT, NS' },
);

export const RecordSet = z.object({
  name: z.string(),
  type: RecordType,
  ttl: z.number().int().nonnegative(),
  values: z.array(z.string()),
  fqdn: z.string().describe('The full name, e.g. www.example.com'),
});

export const ZoneType = z.enum(['public', 'private']);

export const Zone = ProjectRecord.extend({
  name: z.string(),
  type: ZoneType,
  vpc_ids: z.array(Uuid),
  record_sets: z.array(RecordSet),
  name_servers: z.array(z.string()).describe('Delegate the domain to these (public zones)'),
  status: z.literal('active'),
});

export const ZoneCreateBody = z
  .object({
    name: DnsZoneName.describe('Zone name, e.g. example.com; unique in the project'),
    type: ZoneType.default('public').describe('public (Internet) or private (resolved inside VPCs)'),
    vpc_ids: z
      .array(Uuid)
      .max(20)
      .default([])
      .describe('VPCs a private zone resolves in (required for private)'),
    record_sets: z.array(RecordSetInput).max(500).default([]).describe('Initial record sets'),
  })
  .superRefine((zone, ctx) => {
    if (zone.type === 'private' && zone.vpc_ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['vpc_ids'], message: 'a private zone needs at least one VPC' });
    }
    if (zone.type === 'public' && zone.vpc_ids.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['vpc_ids'], message: 'only private zones are linked to VPCs' });
    }
    const seen = new Map<string, number>();
    const namesWithCname = new Set(zone.record_sets.filter((r) => r.type === 'CNAME').map((r) => r.name));
    zone.record_sets.forEach((set, i) => {
      const key = `${set.name} ${set.type}`;
      const first = seen.get(key);
      if (first !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['record_sets', i],
          message: `duplicate ${set.type} record set "${set.name}" (already record_sets.${first})`,
        });
      } else seen.set(key, i);
      if (set.type === 'CNAME' && set.name === '@') {
        ctx.addIssue({
          code: 'custom',
          path: ['record_sets', i, 'name'],
          message: 'a CNAME cannot be at the zone apex',
        });
      }
      if (set.type !== 'CNAME' && namesWithCname.has(set.name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['record_sets', i, 'name'],
          message: `"${set.name}" has a CNAME, so it cannot hold other records`,
        });
      }
    });
  })
  // Record sets unique by name and type and no CNAME beside other records compare items: prose only.
  .meta({
    allOf: [
      whenField('type', 'private', { required: ['vpc_ids'], properties: { vpc_ids: { minItems: 1 } } }),
      whenField('type', 'public', { properties: { vpc_ids: { maxItems: 0 } } }, true),
    ],
  });

export const ZoneListQuery = listQuery({
  type: ZoneType.optional(),
  name: z.string().optional(),
});

const base = { family: 'dns', auth: 'bearer', project: true } as const;

export const zones = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/zones',
    summary: 'List DNS zones',
    query: ZoneListQuery,
    response: Zone,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/zones',
    summary: 'Create a DNS zone (public, or private to VPCs) with optional record sets',
    example: `await client.zones.create({ name: 'example.com', record_sets: [{ name: 'www', type: 'A', values: ['203.0.113.10'] }] });`,
    body: ZoneCreateBody,
    response: Zone,
    status: 201,
  }),
};

export type Zone = z.infer<typeof Zone>;
export type RecordSet = z.infer<typeof RecordSet>;
