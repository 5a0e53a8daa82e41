import { cdnProfiles as cdnProfilesEndpoints } from '@nimbus/sdk/contract/v1/cdn-profiles';
import { CDN_ENDPOINT_DOMAIN } from '@nimbus/sdk/contract/v1/cdn-profiles/endpoints';
import type { FamilyModule } from '../../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../../core/pipeline/handler';
import { HttpError } from '../../../core/pipeline/http-error';
import { createInProject, findInProject } from '../../../core/pipeline/resources';
import { publishTransitions } from '../support/transition-events';
import { CDN_ENDPOINT_TYPE, cdnEndpoints, cdnProfiles } from './tables';

export const cdnEndpointsFamily: FamilyModule = {
  setup(runtime) {
    publishTransitions(runtime, cdnEndpoints, CDN_ENDPOINT_TYPE);
  },

  handlers: defineHandlers(cdnProfilesEndpoints.endpoints, {
    list(ctx) {
      const profile = findInProject(ctx, cdnProfiles, ctx.params.id, 'CDN profile');
      const rows = ctx.runtime.store
        .table(cdnEndpoints)
        .filter((e) => e.profile_id === profile.id, ctx.projectId);
      return paginate(ctx, filterRows(rows, { status: ctx.query.status }));
    },

    create(ctx) {
      const profile = findInProject(ctx, cdnProfiles, ctx.params.id, 'CDN profile');
      const { name, origin_host, custom_domain, https_only } = ctx.body;
      const table = ctx.runtime.store.table(cdnEndpoints);
      const host_name = `${name}.${CDN_ENDPOINT_DOMAIN}`;
      if (table.byKey('host_name', host_name)) {
        throw HttpError.conflict(`Endpoint name ${name} is already taken (${host_name})`, { field: 'name' });
      }
      if (custom_domain !== undefined && table.byKey('custom_domain', custom_domain)) {
        throw HttpError.conflict(`Custom domain ${custom_domain} is already used by another endpoint`, {
          field: 'custom_domain',
        });
      }
      const record = createInProject(
        ctx,
        cdnEndpoints,
        {
          profile_id: profile.id,
          name,
          host_name,
          origin_host,
          custom_domain: custom_domain ?? null,
          https_only,
          status: 'provisioning',
        },
        { type: CDN_ENDPOINT_TYPE, quota: false },
      );
      ctx.runtime.lifecycle.plan(cdnEndpoints, record, ['active']);
      return record;
    },
  }),
};
