import { type IamUser, IamUserCreateBody } from '@nimbus/sdk/contract';
import type { z } from 'zod';
import { changedFields, collect, type Kind } from '../kind';

type Entry = z.output<typeof IamUserCreateBody>;

/**
 * Project members: registered users added by email with a role (builtin or custom, by
 * name). There is no route to change a member's role, so a different role is drift to fix
 * by hand. The caller is left out of exports: whoever applies the file owns the project.
 */
export const membersKind: Kind<Entry, IamUser> = {
  key: 'members',
  group: 'iam.users',
  noun: 'member',
  entry: IamUserCreateBody,
  after: ['roles'],
  available: (client) => 'iam' in client,
  nameOf: (item) => item.email.toLowerCase(),
  recordName: (record) => record.email.toLowerCase(),
  idOf: (record) => record.id,
  references: (item) => [{ path: ['role'], kind: 'roles', name: item.role }],
  list: (api) => collect(api.client.iam.users.list({ per_page: 100 })),
  // Whoever creates a project owns it; the plan reads only these fields of the record.
  initial: async (api) => {
    const caller = await api.caller();
    return [{ id: caller.id, email: caller.email, role: 'owner' } as IamUser];
  },
  diff: (item, record) => changedFields({ role: item.role }, record),
  create: (item, api) => api.client.iam.users.create(item, api.writeOnce()),
  async export(record, api) {
    if (record.id === (await api.caller()).id) return undefined;
    return { email: record.email, role: record.role };
  },
};
