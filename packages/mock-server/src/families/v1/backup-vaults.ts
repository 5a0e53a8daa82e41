import { backupVaults as backupVaultsEndpoints } from '@nimbus/sdk/contract/v1/backup-vaults';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';
import { createInProject } from '../../core/pipeline/resources';
import { backupVaults } from './backups/tables';

export const backupVaultsFamily: FamilyModule = {
  handlers: defineHandlers(backupVaultsEndpoints, {
    list(ctx) {
      const { region, redundancy, name } = ctx.query;
      const rows = ctx.runtime.store.table(backupVaults).list(ctx.projectId);
      return paginate(ctx, filterRows(rows, { region, redundancy, name }));
    },

    create(ctx) {
      if (ctx.runtime.store.table(backupVaults).find((v) => v.name === ctx.body.name, ctx.projectId)) {
        throw HttpError.conflict(`A backup vault named ${ctx.body.name} already exists in this project`, {
          field: 'name',
        });
      }
      return createInProject(ctx, backupVaults, ctx.body, { type: 'backup.vault' });
    },
  }),
};
