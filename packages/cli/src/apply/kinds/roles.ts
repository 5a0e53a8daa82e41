import { type IamRole, IamRoleCreateBody } from '@nimbus/sdk/contract';
import type { z } from 'zod';
import { bodyFields, changedFields, collect, type Kind, sameSet } from '../kind';

type Entry = z.output<typeof IamRoleCreateBody>;

/**
 * Custom IAM roles. The list also holds the builtins (owner, editor, viewer): they are
 * registered so members can name them, never declared or exported. No update route.
 */
export const rolesKind: Kind<Entry, IamRole> = {
  key: 'roles',
  group: 'iam.roles',
  noun: 'role',
  entry: IamRoleCreateBody,
  available: (client) => 'iam' in client,
  nameOf: (item) => item.name,
  recordName: (record) => record.name,
  idOf: (record) => record.id ?? record.name,
  builtin: (record) => record.builtin,
  list: (api) => collect(api.client.iam.roles.list({ per_page: 100 })),
  diff: (item, record) => changedFields(item, record, { same: { permissions: sameSet } }),
  create: (item, api) => api.client.iam.roles.create(item, api.writeOnce()),
  export: (record) => bodyFields(IamRoleCreateBody, record),
};
