// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { PagePromise } from '../../../core/pagination';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { TransitHubAttachment, TransitHubAttachmentCreateParams, TransitHubAttachmentListParams } from '../../types';

/** VPCs attached to a transit hub. */
export class TransitHubAttachments extends APIResource {
  /** List VPC attachments to transit hubs. */
  list(query?: TransitHubAttachmentListParams, options?: RequestOptions): PagePromise<TransitHubAttachment> {
    return this._client.list(v1.transitHubAttachments.list, { query }, options);
  }

  /** Attach a VPC to a transit hub (a second attachment of the same pair: 409). */
  create(body: TransitHubAttachmentCreateParams, options?: RequestOptions): APIPromise<TransitHubAttachment> {
    return this._client.call(v1.transitHubAttachments.create, { body }, options);
  }
}
