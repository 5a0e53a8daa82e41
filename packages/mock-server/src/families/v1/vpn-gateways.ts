import { vpnGateways as vpnGatewaysEndpoints } from '@nimbus/sdk/contract/v1/vpn-gateways';
import type { FamilyModule } from '../../core/pipeline/app';
import { type Context, defineHandlers, filterRows, paginate } from '../../core/pipeline/handler';
import { fieldError } from '../../core/pipeline/http-error';
import { admit, assertState, createInProject, emit, findInProject } from '../../core/pipeline/resources';
import { sealSecret } from '../../core/services/secrets';
import { allocatePublicIp } from './network/addresses';
import { findReferenced } from './network/shared';
import { type VpnGatewayRow, vpcs, vpnGateways } from './network/tables';

const TYPE = 'network.vpn_gateway';

export const vpnGatewaysFamily: FamilyModule = {
  handlers: defineHandlers(vpnGatewaysEndpoints, {
    list: (ctx) =>
      paginate(ctx, filterRows(ctx.runtime.store.table(vpnGateways).list(ctx.projectId), ctx.query)),

    create(ctx) {
      const { name, region, vpc_id } = ctx.body;
      const vpc = findReferenced(ctx, vpcs, vpc_id, 'VPC', 'body.vpc_id');
      if (region !== vpc.region) throw fieldError('body.region', `must be the VPC's region (${vpc.region})`);
      const table = ctx.runtime.store.table(vpnGateways);
      const public_ip = allocatePublicIp((ip) => table.byKey('public_ip', ip) !== undefined);
      return createInProject(
        ctx,
        vpnGateways,
        {
          name,
          region,
          vpc_id: vpc.id,
          public_ip,
          status: 'available',
          bgp_status: 'unconfigured',
          bgp: null,
          bgp_auth_key_sealed: null,
        },
        { type: TYPE },
      );
    },

    /**
     * Replaces the whole BGP configuration (a key left out is removed). Allowed in every state:
     * on an established session the new settings take the session down to `configured`, and it
     * needs activating again, as a real router resets a session whose parameters change.
     */
    async configureBgp(ctx) {
      const gateway = findInProject(ctx, vpnGateways, ctx.params.id, 'VPN gateway');
      const { auth_key, ...bgp } = ctx.body;
      if (bgp.peer_ip === gateway.public_ip) {
        throw fieldError('body.peer_ip', "must be the peer's address, not the gateway's own");
      }
      const secret = ctx.runtime.store.state.secret;
      const patch = {
        bgp_status: 'configured' as const,
        bgp: { ...bgp, auth_key_set: auth_key !== undefined },
        bgp_auth_key_sealed: auth_key === undefined ? null : await sealSecret(secret, auth_key),
      };
      admit(ctx, TYPE, publicFields({ ...gateway, ...patch }));
      return changed(ctx, gateway, patch, 'bgp_configured');
    },

    activateBgp(ctx) {
      const gateway = findInProject(ctx, vpnGateways, ctx.params.id, 'VPN gateway');
      assertState(gateway, ['configured'], 'activate BGP', 'bgp_status');
      return changed(ctx, gateway, { bgp_status: 'established' }, 'bgp_established');
    },
  }),
};

function changed(ctx: Context, gateway: VpnGatewayRow, patch: Partial<VpnGatewayRow>, action: string) {
  const row = ctx.runtime.store.table(vpnGateways).update(gateway.id, patch, ctx.now());
  emit(ctx, TYPE, action, publicFields(row));
  return row;
}

/** The gateway without its sealed key: what policies and event subscribers may see. */
function publicFields(row: VpnGatewayRow) {
  const { bgp_auth_key_sealed: _sealed, ...rest } = row;
  return rest;
}
