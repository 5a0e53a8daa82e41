import type { RouteTargetType } from '@nimbus/sdk/contract';
import { vpcs as vpcsEndpoints } from '@nimbus/sdk/contract/v1/vpcs';
import type { FamilyModule } from '../../../core/pipeline/app';
import { type Context, defineHandlers, filterRows, paginate } from '../../../core/pipeline/handler';
import { fieldError } from '../../../core/pipeline/http-error';
import { createInProject } from '../../../core/pipeline/resources';
import { contains } from '../network/cidr';
import { findReferenced, requireCidr, storedCidr, vpcOfPath } from '../network/shared';
import {
  routeTables,
  transitHubAttachments,
  transitHubs,
  type VpcRow,
  vpcPeerings,
  vpnGateways,
} from '../network/tables';

export const routeTablesFamily: FamilyModule = {
  handlers: defineHandlers(vpcsEndpoints.routeTables, {
    list(ctx) {
      const vpc = vpcOfPath(ctx, ctx.params.id);
      const rows = ctx.runtime.store.table(routeTables).filter((t) => t.vpc_id === vpc.id, ctx.projectId);
      return paginate(ctx, filterRows(rows, ctx.query));
    },

    create(ctx) {
      const vpc = vpcOfPath(ctx, ctx.params.id);
      // Duplicate destinations and the id-per-type rule are checked by the contract already.
      const routes = ctx.body.routes.map(({ destination, target }, i) => {
        const block = requireCidr(destination, `body.routes.${i}.destination`);
        if (target.type === 'local' && !contains(storedCidr(vpc.cidr), block)) {
          throw fieldError(
            `body.routes.${i}.destination`,
            `a local route must lie inside the VPC's range ${vpc.cidr}`,
          );
        }
        if (target.id !== undefined)
          assertTarget(ctx, vpc, target.type, target.id, `body.routes.${i}.target.id`);
        return { destination, target: { type: target.type, id: target.id ?? null } };
      });
      return createInProject(
        ctx,
        routeTables,
        { vpc_id: vpc.id, name: ctx.body.name, routes },
        { type: 'network.route_table' },
      );
    },
  }),
};

/**
 * A route may only send traffic to something this VPC is wired to: a peering it is part of,
 * its own VPN gateway, or a transit hub it is attached to. An unknown id is 404 naming the field.
 */
function assertTarget(ctx: Context, vpc: VpcRow, type: RouteTargetType, id: string, path: string): void {
  if (type === 'peering') {
    const peering = findReferenced(ctx, vpcPeerings, id, 'VPC peering', path);
    if (peering.vpc_id !== vpc.id && peering.peer_vpc_id !== vpc.id) {
      throw fieldError(path, 'the peering does not involve this VPC');
    }
  } else if (type === 'vpn') {
    const gateway = findReferenced(ctx, vpnGateways, id, 'VPN gateway', path);
    if (gateway.vpc_id !== vpc.id) throw fieldError(path, 'the VPN gateway serves another VPC');
  } else if (type === 'transit_hub') {
    const hub = findReferenced(ctx, transitHubs, id, 'Transit hub', path);
    if (!ctx.runtime.store.table(transitHubAttachments).byKey('pair', `${hub.id}:${vpc.id}`)) {
      throw fieldError(path, 'this VPC is not attached to the transit hub');
    }
  }
}
