import type { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { PagePromise } from '../../core/pagination';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type {
  TransitHubAttachment,
  TransitHubAttachmentCreateParams,
  TransitHubAttachmentListParams,
} from '../../generated/types';

/** VPC attachments to transit hubs (`/api/v1/transit-hub-attachments`). */
export class TransitHubAttachments extends APIResource {
  /** Attachments of the project, optionally of one `hub_id` or `vpc_id`. */
  list(query?: TransitHubAttachmentListParams, options?: RequestOptions): PagePromise<TransitHubAttachment> {
    return this._client.list(v1.transitHubAttachments.list, { query }, options);
  }

  /**
   * Attaches a VPC to a hub. An unknown id is 404 with `details` naming `body.hub_id` or
   * `body.vpc_id`; attaching the same pair twice is 409.
   */
  create(body: TransitHubAttachmentCreateParams, options?: RequestOptions): APIPromise<TransitHubAttachment> {
    return this._client.call(v1.transitHubAttachments.create, { body }, options);
  }
}
