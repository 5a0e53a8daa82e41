import * as z from 'zod';
import { IdParams, listQuery, ProjectRecord, Region, ResourceName, Uuid } from '../common';
import { endpoint } from '../define';
import { secret } from '../secrets';
import { Ipv4Address, networkRoute, PeerAsn, PrivateAsn } from './network/shared';

export const VpnGatewayStatus = z.enum(['available']);

/** docs/decisions/0004-lifecycles.md: unconfigured -> configured (POST bgp) -> established (activate). */
export const BgpStatus = z.enum(['unconfigured', 'configured', 'established']);

/** The BGP session settings as shown: the authentication key itself never is. */
export const VpnBgpConfig = z.object({
  asn: z.number().int().nonnegative(),
  peer_ip: z.string(),
  peer_asn: z.number().int().nonnegative(),
  auth_key_set: z.boolean().describe('Whether an MD5 authentication key is configured'),
});

export const VpnGateway = ProjectRecord.extend({
  name: z.string(),
  region: z.string(),
  vpc_id: Uuid,
  public_ip: z.string().describe('Public address of the gateway, assigned by the platform'),
  status: VpnGatewayStatus,
  bgp_status: BgpStatus,
  bgp: VpnBgpConfig.nullable().describe('BGP settings, null until configured'),
});

export const VpnGatewayCreateBody = z.object({
  name: ResourceName.describe('VPN gateway name'),
  region: Region.describe("Region of the gateway: the VPC's region"),
  vpc_id: Uuid.describe('VPC of this project the gateway serves'),
});

export const VpnGatewayConfigureBgpBody = z
  .object({
    asn: PrivateAsn.describe("The gateway's ASN, private: 64512..65534 or 4200000000..4294967294"),
    peer_ip: Ipv4Address.describe("IPv4 address of the customer's BGP peer"),
    peer_asn: PeerAsn.describe("The customer's ASN, 1..4294967294, different from asn (eBGP)"),
    auth_key: secret(z.string().min(8).max(80))
      .optional()
      .describe('MD5 authentication key shared with the peer; stored sealed, never shown again'),
  })
  .superRefine((body, ctx) => {
    if (body.peer_asn === body.asn) {
      ctx.addIssue({
        code: 'custom',
        path: ['peer_asn'],
        message: 'must differ from asn (the session is eBGP)',
      });
    }
  });

export const VpnGatewayListQuery = listQuery({
  name: z.string().optional().describe('Only gateways with this name'),
  region: Region.optional().describe('Only gateways of this region'),
  vpc_id: Uuid.optional().describe('Only gateways of this VPC'),
  bgp_status: BgpStatus.optional().describe('Only gateways whose BGP session is in this state'),
});

export const vpnGateways = {
  list: endpoint({
    ...networkRoute,
    method: 'GET',
    path: '/api/v1/vpn-gateways',
    summary: 'List VPN gateways',
    query: VpnGatewayListQuery,
    response: VpnGateway,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...networkRoute,
    method: 'POST',
    path: '/api/v1/vpn-gateways',
    summary: 'Create a VPN gateway for a VPC (BGP starts unconfigured)',
    body: VpnGatewayCreateBody,
    response: VpnGateway,
    status: 201,
  }),
  configureBgp: endpoint({
    ...networkRoute,
    method: 'POST',
    path: '/api/v1/vpn-gateways/{id}/bgp',
    summary: 'Configure BGP (-> configured; on an established session it resets to configured)',
    example: `
      await client.vpnGateways.configureBgp(gw.id, { asn: 65010, peer_ip: '198.51.100.20', peer_asn: 65020 });
      await client.vpnGateways.activateBgp(gw.id);
    `,
    params: IdParams,
    body: VpnGatewayConfigureBgpBody,
    response: VpnGateway,
    status: 200,
  }),
  activateBgp: endpoint({
    ...networkRoute,
    method: 'POST',
    path: '/api/v1/vpn-gateways/{id}/bgp/activate',
    summary: 'Bring the configured BGP session up (configured -> established; otherwise 409)',
    params: IdParams,
    response: VpnGateway,
    status: 200,
  }),
};

export type BgpStatus = z.infer<typeof BgpStatus>;
export type VpnGateway = z.infer<typeof VpnGateway>;
