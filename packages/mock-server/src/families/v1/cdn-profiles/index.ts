import { cdnProfiles as cdnProfilesEndpoints } from '@nimbus/sdk/contract/v1/cdn-profiles';
import type { FamilyModule } from '../../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../../core/pipeline/handler';
import { createInProject, findInProject, removeRecord } from '../../../core/pipeline/resources';
import { CDN_ENDPOINT_TYPE, CDN_PROFILE_TYPE, cdnEndpoints, cdnProfiles } from './tables';

export const cdnProfilesFamily: FamilyModule = {
  handlers: defineHandlers(cdnProfilesEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(cdnProfiles).list(ctx.projectId);
      return paginate(ctx, filterRows(rows, { sku: ctx.query.sku }));
    },

    create: (ctx) => createInProject(ctx, cdnProfiles, ctx.body, { type: CDN_PROFILE_TYPE }),

    retrieve: (ctx) => findInProject(ctx, cdnProfiles, ctx.params.id, 'CDN profile'),

    delete(ctx) {
      const profile = findInProject(ctx, cdnProfiles, ctx.params.id, 'CDN profile');
      // Endpoints live only inside their profile: they go with it, each with its own event.
      const endpoints = ctx.runtime.store.table(cdnEndpoints);
      for (const endpoint of endpoints.filter((e) => e.profile_id === profile.id, ctx.projectId)) {
        removeRecord(ctx, cdnEndpoints, endpoint, CDN_ENDPOINT_TYPE);
      }
      removeRecord(ctx, cdnProfiles, profile, CDN_PROFILE_TYPE);
    },
  }),
};
