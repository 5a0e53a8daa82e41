import { FunctionCreateBody, type FunctionRecord } from '@nimbus/sdk/contract';
import type { z } from 'zod';
import { bodyFields, changedFields, collect, type Kind, patchOf } from '../kind';

type Entry = z.output<typeof FunctionCreateBody>;

/** Serverless functions. PUT changes (and redeploys) everything but the region. */
export const functionsKind: Kind<Entry, FunctionRecord> = {
  key: 'functions',
  group: 'functions',
  noun: 'function',
  entry: FunctionCreateBody,
  updatable: ['runtime', 'handler', 'memory_mb', 'timeout_sec', 'env'],
  available: (client) => 'functions' in client,
  nameOf: (item) => item.name,
  recordName: (record) => record.name,
  idOf: (record) => record.id,
  list: (api) => collect(api.client.functions.list({ per_page: 100 })),
  diff: (item, record) => changedFields(item, record),
  create: (item, api) => api.client.functions.create(item, api.writeOnce()),
  delete: async (record, api) => {
    await api.client.functions.delete(record.id);
  },
  settle: async (record, api) => {
    await api.client.functions.waitFor(record.id, 'active');
  },
  update: (record, item, changes, api) => api.client.functions.update(record.id, patchOf(changes, item)),
  export: (record) => bodyFields(FunctionCreateBody, record),
};
