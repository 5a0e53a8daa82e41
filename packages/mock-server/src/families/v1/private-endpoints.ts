import { privateEndpoints as privateEndpointsEndpoints } from '@nimbus/sdk/contract/v1/private-endpoints';
import type { FamilyModule } from '../../core/pipeline/app';
import { defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { fieldError, HttpError } from '../../core/pipeline/http-error';
import { createInProject } from '../../core/pipeline/resources';
import { lowestFree, usableRange } from './network/addresses';
import { formatIpv4, parseIpv4 } from './network/cidr';
import { findReferenced, storedCidr } from './network/shared';
import { privateEndpoints, subnets } from './network/tables';

export const privateEndpointsFamily: FamilyModule = {
  handlers: defineHandlers(privateEndpointsEndpoints, {
    list: (ctx) =>
      paginate(ctx, filterRows(ctx.runtime.store.table(privateEndpoints).list(ctx.projectId), ctx.query)),

    create(ctx) {
      const { name, subnet_id, service, target_resource_id, private_ip } = ctx.body;
      const subnet = findReferenced(ctx, subnets, subnet_id, 'Subnet', 'body.subnet_id');
      const block = storedCidr(subnet.cidr);
      const table = ctx.runtime.store.table(privateEndpoints);
      const neighbours = table.filter((e) => e.subnet_id === subnet.id, ctx.projectId);
      let address: number | undefined;
      if (private_ip === undefined) {
        address = lowestFree(block, new Set(neighbours.map((e) => parseIpv4(e.private_ip)!)));
        if (address === undefined) {
          throw HttpError.conflict(`Subnet ${subnet.name} (${subnet.cidr}) has no free address`, {
            subnet_id: subnet.id,
          });
        }
      } else {
        address = parseIpv4(private_ip)!;
        const { first, last } = usableRange(block);
        if (address < first || address > last) {
          const range = `${formatIpv4(first)}..${formatIpv4(last)}`;
          throw fieldError('body.private_ip', `must be a usable address of subnet ${subnet.cidr} (${range})`);
        }
        const holder = table.byKey('address', `${subnet.id}:${private_ip}`);
        if (holder) {
          throw HttpError.conflict(`${private_ip} is taken by private endpoint ${holder.name}`, {
            private_endpoint_id: holder.id,
          });
        }
      }
      return createInProject(
        ctx,
        privateEndpoints,
        {
          name,
          subnet_id: subnet.id,
          vpc_id: subnet.vpc_id,
          service,
          target_resource_id: target_resource_id ?? null,
          private_ip: formatIpv4(address),
          status: 'available',
        },
        { type: 'network.private_endpoint' },
      );
    },
  }),
};
