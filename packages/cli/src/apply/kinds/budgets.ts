import { type Budget, BudgetCreateBody } from '@nimbus/sdk/contract';
import type { z } from 'zod';
import { bodyFields, changedFields, collect, type Kind, patchOf } from '../kind';

type Entry = z.output<typeof BudgetCreateBody>;

/** Cost budgets, changed in place with PUT. */
export const budgetsKind: Kind<Entry, Budget> = {
  key: 'budgets',
  group: 'budgets',
  noun: 'budget',
  entry: BudgetCreateBody,
  updatable: ['amount', 'currency', 'period', 'alert_threshold'],
  available: (client) => 'budgets' in client,
  nameOf: (item) => item.name,
  recordName: (record) => record.name,
  idOf: (record) => record.id,
  list: (api) => collect(api.client.budgets.list({ per_page: 100 })),
  diff: (item, record) => changedFields(item, record),
  create: (item, api) => api.client.budgets.create(item, api.writeOnce()),
  delete: async (record, api) => {
    await api.client.budgets.delete(record.id);
  },
  update: (record, item, changes, api) => api.client.budgets.update(record.id, patchOf(changes, item)),
  export: (record) => bodyFields(BudgetCreateBody, record),
};
