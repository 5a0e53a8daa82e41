import type { WebApp } from '@nimbus/sdk/contract';
import { WEBAPP_RUNTIME_VERSIONS, webapps as webappsEndpoints } from '@nimbus/sdk/contract/v1/webapps';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';
import { createInProject } from '../../core/pipeline/resources';
import { quotaResources } from '../../core/services/quotas';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';

export type WebAppRow = WebApp & StoredRecord;

/**
 * The name is the app's host name (`<name>.apps.nimbus.local`), so it is unique across the
 * platform: a duplicate in the project or anywhere else answers 409.
 */
export const webapps = defineTable<WebAppRow>('webapps', { unique: { name: (w) => w.name } });
quotaResources.add('webapps');

export const webappsFamily: FamilyModule = {
  handlers: defineHandlers(webappsEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(webapps).list(ctx.projectId);
      const { region, runtime, plan, name } = ctx.query;
      return paginate(ctx, filterRows(rows, { region, runtime, plan, name }));
    },

    create(ctx) {
      const body = ctx.body;
      if (ctx.runtime.store.table(webapps).byKey('name', body.name)) {
        throw HttpError.conflict(`The web app name ${body.name} is taken`, { field: 'name' });
      }
      return createInProject(
        ctx,
        webapps,
        {
          ...body,
          runtime_version: body.runtime_version ?? WEBAPP_RUNTIME_VERSIONS[body.runtime].at(-1)!,
          default_hostname: `${body.name}.apps.nimbus.local`,
          state: 'running',
        },
        { type: 'appservice.webapp' },
      );
    },
  }),
};
