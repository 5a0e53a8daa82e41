import { type Instance, InstanceCreateBody } from '@nimbus/sdk/contract';
import type { z } from 'zod';
import { bodyFields, changedFields, collect, type Kind } from '../kind';

type Entry = z.output<typeof InstanceCreateBody>;

/** Virtual machines. No update route: a changed flavor or image needs a replacement. */
export const instancesKind: Kind<Entry, Instance> = {
  key: 'instances',
  group: 'instances',
  noun: 'instance',
  entry: InstanceCreateBody,
  available: (client) => 'instances' in client,
  nameOf: (item) => item.name,
  recordName: (record) => record.name,
  idOf: (record) => record.id,
  list: (api) => collect(api.client.instances.list({ per_page: 100 })),
  diff: (item, record) => changedFields(item, record),
  create: (item, api) => api.client.instances.create(item, api.writeOnce()),
  delete: async (record, api) => {
    await api.client.instances.delete(record.id);
  },
  settle: async (record, api) => {
    await api.client.instances.waitFor(record.id, 'running');
  },
  export: (record) => bodyFields(InstanceCreateBody, record),
};
