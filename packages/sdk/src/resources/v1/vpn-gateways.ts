import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type {
  VpnGateway,
  VpnGatewayConfigureBgpParams,
  VpnGatewayCreateParams,
  VpnGatewayListParams,
} from '../../generated/types';

/** VPN gateways of the client's project (`/api/v1/vpn-gateways`) and their BGP sessions. */
export class VpnGateways extends APIResource {
  /** Gateways of the project, filtered by `name`, `region`, `vpc_id` or `bgp_status`. */
  list(query?: VpnGatewayListParams, options?: RequestOptions): PagePromise<VpnGateway> {
    return this._client.list(v1.vpnGateways.list, { query }, options);
  }

  /** Creates a gateway in the VPC's region; the platform assigns its `public_ip`. */
  create(body: VpnGatewayCreateParams, options?: RequestOptions): APIPromise<VpnGateway> {
    return this._client.call(v1.vpnGateways.create, { body }, options);
  }

  /**
   * Sets the BGP session (`bgp_status` becomes `configured`). Each call replaces the whole
   * configuration; on an established session it drops back to `configured`. `auth_key` is
   * stored sealed and only reported as `bgp.auth_key_set`.
   *
   * @example
   * await client.vpnGateways.configureBgp(gw.id, { asn: 65010, peer_ip: '198.51.100.20', peer_asn: 65020 });
   * await client.vpnGateways.activateBgp(gw.id);
   */
  configureBgp(
    id: string,
    body: VpnGatewayConfigureBgpParams,
    options?: RequestOptions,
  ): APIPromise<VpnGateway> {
    return this._client.call(v1.vpnGateways.configureBgp, { params: { id }, body }, options);
  }

  /** Brings a configured session up (`established`); from any other state: 409 `INVALID_STATE`. */
  activateBgp(id: string, options?: RequestOptions): APIPromise<VpnGateway> {
    return this._client.call(v1.vpnGateways.activateBgp, { params: { id } }, options);
  }
}
