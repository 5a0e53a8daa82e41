import type { Firewall } from '@nimbus/sdk/contract';
import { firewalls as firewallsEndpoints } from '@nimbus/sdk/contract/v1/firewalls';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { fieldError, HttpError } from '../../core/pipeline/http-error';
import { createInProject } from '../../core/pipeline/resources';
import { quotaResources } from '../../core/services/quotas';
import type { StoredRecord } from '../../store/state';
import { defineTable } from '../../store/store';
import { foreignRowIn } from './support/foreign-rows';

export type FirewallRow = Firewall & StoredRecord;

export const firewalls = defineTable<FirewallRow>('firewalls', {
  unique: { name: (f) => `${f.project_id}:${f.name}` },
});
quotaResources.add('firewalls');

export const firewallsFamily: FamilyModule = {
  handlers: defineHandlers(firewallsEndpoints, {
    list(ctx) {
      const rows = ctx.runtime.store.table(firewalls).list(ctx.projectId);
      const { region, vpc_id, name } = ctx.query;
      return paginate(ctx, filterRows(rows, { region, vpc_id, name }));
    },

    create(ctx) {
      const { name, region, vpc_id, rules } = ctx.body;
      // VPCs are the network family's table: read by name.
      if (vpc_id && !foreignRowIn(ctx.runtime.store, 'vpcs', ctx.projectId, vpc_id)) {
        throw fieldError('body.vpc_id', 'no such VPC in this project');
      }
      if (ctx.runtime.store.table(firewalls).byKey('name', `${ctx.projectId}:${name}`)) {
        throw HttpError.conflict(`A firewall named ${name} already exists in this project`, {
          field: 'name',
        });
      }
      return createInProject(
        ctx,
        firewalls,
        {
          name,
          region,
          vpc_id: vpc_id ?? null,
          // icmp has no ports; tcp, udp and any default to every port.
          rules: rules.map((rule) => ({
            ...rule,
            ports: rule.protocol === 'icmp' ? null : (rule.ports ?? '*'),
          })),
          status: 'active',
        },
        { type: 'firewall.firewall' },
      );
    },
  }),
};
