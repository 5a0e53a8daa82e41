// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { VpnGateway, VpnGatewayConfigureBgpParams, VpnGatewayCreateParams, VpnGatewayListParams } from '../../types';

/** VPN gateways and their BGP sessions. */
export class VpnGateways extends APIResource {
  /** List VPN gateways. */
  list(query?: VpnGatewayListParams, options?: RequestOptions): PagePromise<VpnGateway> {
    return this._client.list(v1.vpnGateways.list, { query }, options);
  }

  /** Create a VPN gateway for a VPC (BGP starts unconfigured). */
  create(body: VpnGatewayCreateParams, options?: RequestOptions): APIPromise<VpnGateway> {
    return this._client.call(v1.vpnGateways.create, { body }, options);
  }

  /**
   * Configure BGP (-> configured; on an established session it resets to configured).
   *
   * @example
   * await client.vpnGateways.configureBgp(gw.id, { asn: 65010, peer_ip: '198.51.100.20', peer_asn: 65020 });
   * await client.vpnGateways.activateBgp(gw.id);
   */
  configureBgp(id: string, body: VpnGatewayConfigureBgpParams, options?: RequestOptions): APIPromise<VpnGateway> {
    return this._client.call(v1.vpnGateways.configureBgp, { params: { id }, body }, options);
  }

  /** Bring the configured BGP session up (configured -> established; otherwise 409). */
  activateBgp(id: string, options?: RequestOptions): APIPromise<VpnGateway> {
    return this._client.call(v1.vpnGateways.activateBgp, { params: { id } }, options);
  }
}
