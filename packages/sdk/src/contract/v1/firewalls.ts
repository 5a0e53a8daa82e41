import * as z from 'zod';
import { listQuery, ProjectRecord, Region, ResourceName, Uuid, whenField } from '../common';
import { endpoint } from '../define';

const cidrV4 = z.cidrv4();
const cidrV6 = z.cidrv6();

/** An IPv4 or IPv6 CIDR block; `0.0.0.0/0` is everywhere. */
export const Cidr = z.union([cidrV4, cidrV6], {
  error: 'must be a CIDR block such as 10.0.0.0/16 or 2001:db8::/32',
});

const PORT = '0*(?:[1-9]\\d{0,3}|[1-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5])';

/** `80`, `80-443` or `*` (every port). */
export const PortSpec = z
  .string()
  .refine(
    (v) => {
      if (v === '*') return true;
      const match = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(v);
      if (!match) return false;
      const low = Number(match[1]);
      const high = Number(match[2] ?? match[1]);
      return low >= 1 && high <= 65_535 && low <= high;
    },
    { error: 'must be a port (80), an ordered range within 1..65535 (80-443) or *' },
  )
  .meta({
    // A range's low end at most its high end compares the two: the server checks that.
    pattern: `^(?:\\*|${PORT}(?:-${PORT})?)$`,
  });

export const RuleDirection = z.enum(['inbound', 'outbound']);
export const RuleAction = z.enum(['allow', 'deny']);
export const RuleProtocol = z.enum(['tcp', 'udp', 'icmp', 'any']);

export const FirewallRuleInput = z
  .object({
    name: ResourceName.describe('Rule name, unique in the firewall'),
    direction: RuleDirection.describe('inbound or outbound'),
    action: RuleAction.describe('allow or deny'),
    protocol: RuleProtocol.default('tcp').describe('tcp, udp, icmp or any'),
    ports: PortSpec.optional().describe('80, 80-443 or *; default *; not for icmp'),
    source: Cidr.default('0.0.0.0/0').describe('Source CIDR'),
    destination: Cidr.default('0.0.0.0/0').describe('Destination CIDR'),
    priority: z.number().int().min(100).max(4096).describe('100..4096, lower wins; unique per direction'),
  })
  .superRefine((rule, ctx) => {
    if (rule.protocol === 'icmp' && rule.ports !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['ports'], message: 'icmp has no ports' });
    }
  })
  .meta(whenField('protocol', 'icmp', { not: { required: ['ports'] } }));

export const FirewallRule = z.object({
  name: z.string(),
  direction: RuleDirection,
  action: RuleAction,
  protocol: RuleProtocol,
  ports: z.string().nullable().describe('Null for icmp'),
  source: z.string(),
  destination: z.string(),
  priority: z.number().int().nonnegative(),
});

export const Firewall = ProjectRecord.extend({
  name: z.string(),
  region: z.string(),
  vpc_id: Uuid.nullable(),
  rules: z.array(FirewallRule),
  status: z.literal('active'),
});

export const FirewallCreateBody = z.object({
  name: ResourceName.describe('Firewall name, unique in the project'),
  region: Region.describe('Region, e.g. hn'),
  vpc_id: Uuid.optional().describe('VPC of the project the firewall protects'),
  rules: z
    .array(FirewallRuleInput)
    .max(200)
    .default([])
    .superRefine((rules, ctx) => {
      const priorities = new Map<string, number>();
      const names = new Map<string, number>();
      rules.forEach((rule, i) => {
        const key = `${rule.direction}:${rule.priority}`;
        const samePriority = priorities.get(key);
        if (samePriority === undefined) priorities.set(key, i);
        else {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'priority'],
            message: `duplicate ${rule.direction} priority ${rule.priority} (already rules.${samePriority})`,
          });
        }
        const sameName = names.get(rule.name);
        if (sameName === undefined) names.set(rule.name, i);
        else {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'name'],
            message: `duplicate rule name "${rule.name}" (already rules.${sameName})`,
          });
        }
      });
    })
    .describe('Rules: [{ name, direction, action, protocol, ports, source, destination, priority }]'),
});

export const FirewallListQuery = listQuery({
  region: Region.optional(),
  vpc_id: Uuid.optional(),
  name: z.string().optional(),
});

const base = { family: 'firewall', auth: 'bearer', project: true } as const;

export const firewalls = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/firewalls',
    summary: 'List firewalls',
    query: FirewallListQuery,
    response: Firewall,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/firewalls',
    summary: 'Create a firewall with its rules',
    example: `await client.firewalls.create({ name: 'web', region: 'hn', rules: [{ name: 'https', direction: 'inbound', action: 'allow', ports: '443', priority: 100 }] });`,
    body: FirewallCreateBody,
    response: Firewall,
    status: 201,
  }),
};

export type Firewall = z.infer<typeof Firewall>;
export type FirewallRule = z.infer<typeof FirewallRule>;
