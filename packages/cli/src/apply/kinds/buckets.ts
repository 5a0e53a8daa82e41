import { type Bucket, BucketCreateBody } from '@nimbus/sdk/contract';
import type { z } from 'zod';
import { bodyFields, changedFields, collect, type Kind } from '../kind';

type Entry = z.output<typeof BucketCreateBody>;

/** Object storage buckets (names are global across projects). No update route. */
export const bucketsKind: Kind<Entry, Bucket> = {
  key: 'buckets',
  group: 'buckets',
  noun: 'bucket',
  entry: BucketCreateBody,
  available: (client) => 'buckets' in client,
  nameOf: (item) => item.name,
  recordName: (record) => record.name,
  idOf: (record) => record.id,
  list: (api) => collect(api.client.buckets.list({ per_page: 100 })),
  diff: (item, record) => changedFields(item, record),
  create: (item, api) => api.client.buckets.create(item, api.writeOnce()),
  delete: async (record, api) => {
    await api.client.buckets.delete(record.name);
  },
  export: (record) => bodyFields(BucketCreateBody, record),
};
