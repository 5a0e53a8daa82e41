import { backupPolicies as backupPoliciesEndpoints } from '@nimbus/sdk/contract/v1/backup-policies';
import type { FamilyModule } from '../../../core/pipeline/app';
import { type Context, defineHandlers } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import { admit, createInProject, emit, findInProject } from '../../../core/pipeline/resources';
import { backupPolicies, findVault } from '../backups/tables';
import { assertZoneInRegion, resolveSchedule } from './schedule';

const TYPE = 'backup.policy';

function assertNameFree(ctx: Context, name: string, selfId?: string): void {
  const clash = ctx.runtime.store
    .table(backupPolicies)
    .find((p) => p.name === name && p.id !== selfId, ctx.projectId);
  if (clash)
    throw HttpError.conflict(`A backup policy named ${name} already exists in this project`, {
      field: 'name',
    });
}

export const backupPoliciesFamily: FamilyModule = {
  handlers: defineHandlers(backupPoliciesEndpoints, {
    create(ctx) {
      const { schedule, frequency, time, day_of_week, destination_region, destination_zone, ...rest } =
        ctx.body;
      assertNameFree(ctx, rest.name);
      const vault = findVault(ctx, rest.vault_id, 'body.vault_id');
      const region = destination_region ?? vault.region;
      assertZoneInRegion(region, destination_zone ?? null);
      return createInProject(
        ctx,
        backupPolicies,
        {
          ...rest,
          ...resolveSchedule({ schedule, frequency, time, day_of_week }),
          destination_region: region,
          destination_zone: destination_zone ?? null,
        },
        { type: TYPE },
      );
    },

    update(ctx) {
      const current = findInProject(ctx, backupPolicies, ctx.params.id, 'Backup policy');
      const { schedule, frequency, time, day_of_week, destination_region, destination_zone, ...rest } =
        ctx.body;
      if (rest.name !== undefined) assertNameFree(ctx, rest.name, current.id);
      if (rest.vault_id !== undefined) findVault(ctx, rest.vault_id, 'body.vault_id');
      const region = destination_region ?? current.destination_region;
      const zone = destination_zone === undefined ? current.destination_zone : destination_zone;
      assertZoneInRegion(region, zone);
      const patch = {
        ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)),
        ...resolveSchedule({ schedule, frequency, time, day_of_week }, current),
        destination_region: region,
        destination_zone: zone,
      };
      admit(ctx, TYPE, { ...current, ...patch });
      const record = ctx.runtime.store.table(backupPolicies).update(current.id, patch, ctx.now());
      emit(ctx, TYPE, 'updated', record);
      return record;
    },
  }),
};
