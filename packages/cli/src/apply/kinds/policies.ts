import { type Policy, PolicyCreateBody } from '@nimbus/sdk/contract';
import type { z } from 'zod';
import { bodyFields, changedFields, collect, type Kind, patchOf, sameJsonText } from '../kind';

type Entry = z.output<typeof PolicyCreateBody>;

/**
 * Custom policy definitions (PUT updates them). The list also holds the platform's builtins:
 * registered so assignments can name them, never declared or exported.
 */
export const policiesKind: Kind<Entry, Policy> = {
  key: 'policies',
  group: 'policies',
  noun: 'policy',
  entry: PolicyCreateBody,
  updatable: ['description', 'category', 'enforcement_mode', 'severity', 'definition'],
  available: (client) => 'policies' in client,
  nameOf: (item) => item.name,
  recordName: (record) => record.name,
  idOf: (record) => record.id,
  builtin: (record) => record.type === 'builtin',
  list: (api) => collect(api.client.policies.list({ per_page: 100 })),
  // The server may re-serialise a definition: the same rule in other whitespace is no change.
  diff: (item, record) => changedFields(item, record, { skip: ['type'], same: { definition: sameJsonText } }),
  create: (item, api) => api.client.policies.create(item, api.writeOnce()),
  delete: async (record, api) => {
    await api.client.policies.delete(record.id);
  },
  update: (record, item, changes, api) => api.client.policies.update(record.id, patchOf(changes, item)),
  export(record) {
    // Only custom policies are exported, and `type: custom` is the default.
    const { type: _custom, ...entry } = bodyFields(PolicyCreateBody, record);
    return entry;
  },
};
