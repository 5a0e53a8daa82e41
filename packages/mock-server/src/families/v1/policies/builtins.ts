import type { PolicyView } from './tables';

// Builtins are code, not rows: every project sees them, and `/__mock/reset` (which empties
// the state) cannot remove them (docs/decisions/0007-mock-control.md). Fixed ids let scripts
// and tests name them across servers and resets.
const SINCE = '2025-01-01T00:00:00.000Z';

function builtin(
  id: string,
  fields: Pick<PolicyView, 'name' | 'description' | 'category' | 'enforcement_mode' | 'severity'>,
  rule: { parameters: object; if: object },
  effect: 'deny' | 'audit',
): PolicyView {
  // biome-ignore lint/suspicious/noThenProperty: `then` is the rule language's keyword; this object is only serialised.
  const definition = { ...rule, then: { effect } };
  return Object.freeze({
    id,
    project_id: null,
    created_at: SINCE,
    updated_at: SINCE,
    type: 'builtin',
    ...fields,
    definition: JSON.stringify(definition),
  });
}

export const BUILTIN_POLICIES: readonly PolicyView[] = [
  builtin(
    'b1a5e000-0000-4000-8000-000000000001',
    {
      name: 'allowed-regions',
      description: 'Resources may only be created in the listed regions (parameter allowedRegions).',
      category: 'compliance',
      enforcement_mode: 'deny',
      severity: 'high',
    },
    {
      parameters: {
        allowedRegions: { type: 'array', default: ['hn', 'hcm'], description: 'Regions resources may use' },
      },
      if: {
        allOf: [
          { field: 'region', exists: true },
          { field: 'region', notIn: { param: 'allowedRegions' } },
        ],
      },
    },
    'deny',
  ),
  builtin(
    'b1a5e000-0000-4000-8000-000000000002',
    {
      name: 'naming-convention',
      description: 'Resource names must match a pattern (parameter namePattern, a regular expression).',
      category: 'naming',
      enforcement_mode: 'audit',
      severity: 'low',
    },
    {
      parameters: {
        namePattern: {
          type: 'string',
          default: '^[a-z][a-z0-9-]*$',
          description: 'Regular expression names must match',
        },
      },
      if: {
        allOf: [{ field: 'name', exists: true }, { not: { field: 'name', match: { param: 'namePattern' } } }],
      },
    },
    'audit',
  ),
  builtin(
    'b1a5e000-0000-4000-8000-000000000003',
    {
      name: 'allowed-flavors',
      description: 'Instances may only use the listed flavors (parameter allowedFlavors).',
      category: 'cost',
      enforcement_mode: 'deny',
      severity: 'medium',
    },
    {
      parameters: {
        allowedFlavors: {
          type: 'array',
          default: ['nano', 'micro', 'small', 'medium'],
          description: 'Instance flavors allowed',
        },
      },
      if: {
        allOf: [
          { field: 'type', equals: 'compute.instance' },
          { field: 'flavor', notIn: { param: 'allowedFlavors' } },
        ],
      },
    },
    'deny',
  ),
];

const byId = new Map(BUILTIN_POLICIES.map((p) => [p.id, p]));

export function builtinPolicy(id: string): PolicyView | undefined {
  return byId.get(id);
}
