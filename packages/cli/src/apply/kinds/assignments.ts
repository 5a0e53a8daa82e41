import { type Assignment, AssignmentCreateBody } from '@nimbus/sdk/contract';
import * as z from 'zod';
import { changedFields, collect, type Entry, type Kind, sameJsonText } from '../kind';

/** The contract's body, with the policy named instead of given by id. */
const AssignmentEntry = AssignmentCreateBody.omit({ policy_id: true }).extend({
  policy: z
    .string()
    .min(1)
    .describe('Name of the policy: one of the file, a custom one of the project, or a builtin'),
});

type Item = z.output<typeof AssignmentEntry>;

/** A project-wide assignment covers the project whatever its id: the id is left out of files. */
function scopeText(scope: string, scopeId: string | null | undefined): string {
  return scope === 'project' || !scopeId ? scope : `${scope}:${scopeId}`;
}

/**
 * Policy assignments, identified by policy name and scope (they have no name of their own).
 * No update route: other parameters or another enforcement mode are drift to fix by hand.
 */
export const assignmentsKind: Kind<Item, Assignment> = {
  key: 'assignments',
  group: 'assignments',
  noun: 'assignment',
  entry: AssignmentEntry,
  after: ['policies'],
  available: (client) => 'assignments' in client,
  nameOf: (item) => `${item.policy}@${scopeText(item.scope, item.scope_id)}`,
  recordName: (record, api) =>
    `${api.refs.name('policies', record.policy_id) ?? record.policy_id}@${scopeText(record.scope, record.scope_id)}`,
  idOf: (record) => record.id,
  references: (item) => [{ path: ['policy'], kind: 'policies', name: item.policy }],
  list: (api) => collect(api.client.assignments.list({ per_page: 100 })),
  diff: (item, record) =>
    changedFields({ parameters: item.parameters, enforcement_mode: item.enforcement_mode }, record, {
      same: { parameters: sameJsonText },
    }),
  async create(item, api) {
    const { policy, ...body } = item;
    return api.client.assignments.create(
      { ...body, policy_id: await api.resolve('policies', policy) },
      api.writeOnce(),
    );
  },
  export(record, api) {
    const entry: Entry = {
      policy: api.refs.name('policies', record.policy_id) ?? record.policy_id,
      scope: record.scope,
    };
    if (record.scope !== 'project') entry.scope_id = record.scope_id;
    if (record.parameters !== null) entry.parameters = record.parameters;
    if (record.enforcement_mode !== null) entry.enforcement_mode = record.enforcement_mode;
    return entry;
  },
};
