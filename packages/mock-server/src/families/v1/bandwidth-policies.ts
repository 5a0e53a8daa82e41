import { bandwidthPolicies as bandwidthPoliciesEndpoints } from '@nimbus/sdk/contract/v1/bandwidth-policies';
import type { FamilyModule } from '../../core/pipeline/app';
import { type Context, defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { fieldError, HttpError } from '../../core/pipeline/http-error';
import { admit, createInProject, emit, findInProject } from '../../core/pipeline/resources';
import { findReferenced } from './network/shared';
import {
  type BandwidthPolicyRow,
  bandwidthPolicies,
  loadBalancers,
  vpcs,
  vpnGateways,
} from './network/tables';

const TYPE = 'network.bandwidth_policy';

type Target = BandwidthPolicyRow['target'];

export const bandwidthPoliciesFamily: FamilyModule = {
  handlers: defineHandlers(bandwidthPoliciesEndpoints, {
    list: (ctx) =>
      paginate(ctx, filterRows(ctx.runtime.store.table(bandwidthPolicies).list(ctx.projectId), ctx.query)),

    create(ctx) {
      const { name, target, max_mbps, burst_mbps } = ctx.body;
      assertTarget(ctx, target, undefined);
      return createInProject(
        ctx,
        bandwidthPolicies,
        // No burst asked: the policy is a flat limit.
        { name, target: { type: target.type, id: target.id }, max_mbps, burst_mbps: burst_mbps ?? max_mbps },
        { type: TYPE },
      );
    },

    /** A partial update: fields left out keep their values, and the result must hold as a whole. */
    update(ctx) {
      const policy = findInProject(ctx, bandwidthPolicies, ctx.params.id, 'Bandwidth policy');
      const patch = Object.fromEntries(Object.entries(ctx.body).filter(([, v]) => v !== undefined));
      const next = { ...policy, ...patch } as BandwidthPolicyRow;
      if (next.burst_mbps < next.max_mbps) {
        throw ctx.body.burst_mbps !== undefined
          ? fieldError('body.burst_mbps', `must be at least max_mbps (${next.max_mbps})`)
          : fieldError(
              'body.max_mbps',
              `must not exceed burst_mbps (${next.burst_mbps}); raise burst_mbps too`,
            );
      }
      if (ctx.body.target) assertTarget(ctx, ctx.body.target, policy.id);
      admit(ctx, TYPE, next);
      const row = ctx.runtime.store.table(bandwidthPolicies).update(policy.id, patch, ctx.now());
      emit(ctx, TYPE, 'updated', row);
      return row;
    },
  }),
};

/**
 * The target must be a resource of the project (404 naming body.target.id), and no other
 * policy may limit it already (409): two limits on one resource would contradict each other.
 */
function assertTarget(ctx: Context, target: Target, selfId: string | undefined): void {
  const path = 'body.target.id';
  if (target.type === 'vpc') findReferenced(ctx, vpcs, target.id, 'VPC', path);
  else if (target.type === 'vpn_gateway') findReferenced(ctx, vpnGateways, target.id, 'VPN gateway', path);
  else findReferenced(ctx, loadBalancers, target.id, 'Load balancer', path);
  const holder = ctx.runtime.store.table(bandwidthPolicies).byKey('target', `${target.type}:${target.id}`);
  if (holder && holder.id !== selfId) {
    throw HttpError.conflict(`The ${target.type} ${target.id} is already limited by policy ${holder.name}`, {
      policy_id: holder.id,
    });
  }
}
