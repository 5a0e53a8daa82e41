import type { Zone } from '@nimbus/sdk/contract';
import { zones as zonesEndpoints } from '@nimbus/sdk/contract/v1/zones';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { HttpError } from '../../core/pipeline/http-error';
import { createInProject } from '../../core/pipeline/resources';
import { quotaResources } from '../../core/services/quotas';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';
import { foreignRowIn } from './support/foreign-rows';
import { fnv1a } from './support/stable-hash';

export type ZoneRow = Zone & StoredRecord;

export const zones = defineTable<ZoneRow>('zones', { unique: { name: (z) => `${z.project_id}:${z.name}` } });
quotaResources.add('zones');

const TYPE = 'dns.zone';
/** Public zones are served by one of this many name server sets, picked by a stable hash. */
const NAME_SERVER_SETS = 64;

function nameServers(projectId: string, zone: string): string[] {
  const set = fnv1a(`${projectId}:${zone}`) % NAME_SERVER_SETS;
  return [1, 2, 3, 4].map((n) => `ns${n}-${String(set).padStart(2, '0')}.nimbus-dns.net`);
}

export const zonesFamily: FamilyModule = {
  handlers: defineHandlers(zonesEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(zones).list(ctx.projectId);
      const { type, name } = ctx.query;
      return paginate(ctx, filterRows(rows, { type, name }));
    },

    create(ctx) {
      const { name, type, vpc_ids, record_sets } = ctx.body;
      // VPCs are the network family's table: read by name.
      const missing = vpc_ids
        .map((id, i) => ({ id, i }))
        .filter(({ id }) => !foreignRowIn(ctx.runtime.store, 'vpcs', ctx.projectId, id));
      if (missing.length > 0) {
        throw HttpError.validation(
          missing.map(({ i }) => ({ path: `body.vpc_ids.${i}`, message: 'no such VPC in this project' })),
        );
      }
      if (ctx.runtime.store.table(zones).byKey('name', `${ctx.projectId}:${name}`)) {
        throw HttpError.conflict(`A zone named ${name} already exists in this project`, { field: 'name' });
      }
      return createInProject(
        ctx,
        zones,
        {
          name,
          type,
          vpc_ids: [...new Set(vpc_ids)],
          record_sets: record_sets.map((set) => ({
            ...set,
            fqdn: set.name === '@' ? name : `${set.name}.${name}`,
          })),
          name_servers: type === 'public' ? nameServers(ctx.projectId, name) : [],
          status: 'active',
        },
        { type: TYPE },
      );
    },
  }),
};
