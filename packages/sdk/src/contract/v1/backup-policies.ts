import * as z from 'zod';
import { AvailabilityZone, IdParams, ifThen, ProjectRecord, Region, ResourceName, Uuid } from '../common';
import { endpoint } from '../define';
import { CronExpression } from './cron';

export const BackupFrequency = z.enum(['daily', 'weekly']);
export const DayOfWeek = z.enum(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']);

const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be HH:MM (00:00..23:59)' });

/** An availability zone (`hn-a`); the server checks that it belongs to the destination region. */
export const DestinationZone = AvailabilityZone;

export const BackupPolicy = ProjectRecord.extend({
  name: z.string(),
  vault_id: Uuid,
  schedule: z
    .string()
    .describe('When backups run, as a 5-field cron expression in UTC (derived from frequency when set)'),
  frequency: z
    .enum(['daily', 'weekly', 'custom'])
    .describe('custom when the policy was given a cron schedule'),
  time: z.string().nullable().describe('HH:MM UTC for daily and weekly policies'),
  day_of_week: DayOfWeek.nullable().describe('Day of weekly policies'),
  retention_days: z.number().int().nonnegative(),
  destination_region: z.string().describe('Region backups are copied to'),
  destination_zone: z.string().nullable().describe('Zone of destination_region, or null for any zone'),
  enabled: z.boolean(),
});

const fields = {
  name: ResourceName.describe('Policy name, unique in the project'),
  vault_id: Uuid.describe('Vault the backups go to'),
  schedule: CronExpression.describe(
    'Cron expression (5 fields, UTC), e.g. "30 2 * * *"; give either schedule or frequency (default: daily at 02:00)',
  ),
  frequency: BackupFrequency.describe('Simple schedule instead of cron: daily or weekly, at `time`'),
  time: TimeOfDay.describe('HH:MM UTC for frequency daily or weekly; default 02:00'),
  day_of_week: DayOfWeek.describe('Day for frequency weekly; default sun'),
  retention_days: z.number().int().min(1).max(3650).describe('Days each backup is kept, 1..3650'),
  destination_region: Region.describe("Region backups are copied to; default the vault's region"),
  destination_zone: DestinationZone.describe(
    'Zone of destination_region (<region>-<digit><letter>, e.g. hn-1a)',
  ),
  enabled: z.boolean().describe('Whether the schedule runs'),
};

export const BackupPolicyCreateBody = z
  .object({
    name: fields.name,
    vault_id: fields.vault_id,
    schedule: fields.schedule.optional(),
    frequency: fields.frequency.optional(),
    time: fields.time.optional(),
    day_of_week: fields.day_of_week.optional(),
    retention_days: fields.retention_days.default(30),
    destination_region: fields.destination_region.optional(),
    destination_zone: fields.destination_zone.optional(),
    enabled: fields.enabled.default(true),
  })
  // A day goes with weekly policies (frequency defaults to daily). That destination_zone lies in
  // destination_region compares the two: the server checks it.
  .meta(
    ifThen(
      { required: ['day_of_week'] },
      { required: ['frequency'], properties: { frequency: { const: 'weekly' } } },
    ),
  );

export const BackupPolicyUpdateBody = z.object({
  name: fields.name.optional(),
  vault_id: fields.vault_id.optional(),
  schedule: fields.schedule.optional(),
  frequency: fields.frequency.optional(),
  time: fields.time.optional(),
  day_of_week: fields.day_of_week.optional(),
  retention_days: fields.retention_days.optional(),
  destination_region: fields.destination_region.optional(),
  destination_zone: fields.destination_zone
    .nullable()
    .optional()
    .describe('Zone of destination_region, or null for any zone'),
  enabled: fields.enabled.optional(),
});

const base = { family: 'backup', auth: 'bearer', project: true } as const;

export const backupPolicies = {
  create: endpoint({
    ...base,
    method: 'POST',
    path: '/api/v1/backups/policies',
    summary: 'Create a backup policy',
    example: `await client.backupPolicies.create({ name: 'nightly', vault_id: vault.id, schedule: '30 2 * * *' });`,
    body: BackupPolicyCreateBody,
    response: BackupPolicy,
    status: 201,
  }),
  update: endpoint({
    ...base,
    method: 'PUT',
    path: '/api/v1/backups/policies/{id}',
    summary: 'Update a backup policy, including its destination region and zone',
    description:
      'Fields left out keep their value; the result is validated as a whole (the zone must belong to the region). ' +
      'Sending schedule switches the policy to cron; sending frequency switches it back.',
    example: `await client.backupPolicies.update(policy.id, { destination_region: 'hcm', destination_zone: 'hcm-2b' });`,
    params: IdParams,
    body: BackupPolicyUpdateBody,
    response: BackupPolicy,
    status: 200,
  }),
};

export type BackupPolicy = z.infer<typeof BackupPolicy>;
