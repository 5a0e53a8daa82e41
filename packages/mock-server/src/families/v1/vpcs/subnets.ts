import { vpcs as vpcsEndpoints } from '@nimbus/sdk/contract/v1/vpcs';
import type { FamilyModule } from '../../../core/pipeline/app';
import { type Context, defineHandlers, filterRows, paginate } from '../../../core/pipeline/handler';
import { fieldError, HttpError } from '../../../core/pipeline/http-error';
import { createInProject } from '../../../core/pipeline/resources';
import { usableCount } from '../network/addresses';
import { contains, overlaps } from '../network/cidr';
import { requireCidr, storedCidr, vpcOfPath } from '../network/shared';
import { privateEndpoints, type SubnetRow, subnets } from '../network/tables';

/** /16 to /29: a /29 still leaves three usable addresses after the five reserved ones. */
const SUBNET_PREFIX = { min: 16, max: 29 };

export const subnetsFamily: FamilyModule = {
  handlers: defineHandlers(vpcsEndpoints.subnets, {
    list(ctx) {
      const vpc = vpcOfPath(ctx, ctx.params.id);
      const rows = ctx.runtime.store.table(subnets).filter((s) => s.vpc_id === vpc.id, ctx.projectId);
      const page = paginate(ctx, filterRows(rows, ctx.query));
      return { ...page, items: page.items.map((row) => subnetView(ctx, row)) };
    },

    create(ctx) {
      const vpc = vpcOfPath(ctx, ctx.params.id);
      const { name, cidr, zone } = ctx.body;
      const block = requireCidr(cidr, 'body.cidr', SUBNET_PREFIX);
      if (!contains(storedCidr(vpc.cidr), block)) {
        throw fieldError('body.cidr', `must lie inside the VPC's range ${vpc.cidr}`);
      }
      if (zone !== undefined && !zone.startsWith(`${vpc.region}-`)) {
        throw fieldError(
          'body.zone',
          `must be a zone of the VPC's region ${vpc.region} (e.g. ${vpc.region}-a)`,
        );
      }
      const sibling = ctx.runtime.store
        .table(subnets)
        .find((s) => s.vpc_id === vpc.id && overlaps(storedCidr(s.cidr), block), ctx.projectId);
      if (sibling) {
        throw HttpError.conflict(`${cidr} overlaps subnet ${sibling.name} (${sibling.cidr}) of this VPC`, {
          subnet_id: sibling.id,
          name: sibling.name,
          cidr: sibling.cidr,
        });
      }
      const row = createInProject(
        ctx,
        subnets,
        { vpc_id: vpc.id, name, cidr, zone: zone ?? null, status: 'available' },
        { type: 'network.subnet' },
      );
      return subnetView(ctx, row);
    },
  }),
};

/** The record with its free address count, which changes as private endpoints come and go. */
function subnetView(ctx: Context, row: SubnetRow) {
  const used = ctx.runtime.store
    .table(privateEndpoints)
    .filter((e) => e.subnet_id === row.id, row.project_id).length;
  return { ...row, available_ip_count: usableCount(storedCidr(row.cidr)) - used };
}
