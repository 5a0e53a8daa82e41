import * as z from 'zod';
import { listQuery, ProjectRecord, Uuid } from '../common';
import { endpoint } from '../define';
import { networkRoute } from './network/shared';

export const TransitHubAttachmentStatus = z.enum(['available']);

export const TransitHubAttachment = ProjectRecord.extend({
  hub_id: Uuid,
  vpc_id: Uuid,
  status: TransitHubAttachmentStatus,
});

export const TransitHubAttachmentCreateBody = z.object({
  hub_id: Uuid.describe('Transit hub of this project to attach to'),
  vpc_id: Uuid.describe('VPC of this project to attach; one attachment per hub and VPC'),
});

export const TransitHubAttachmentListQuery = listQuery({
  hub_id: Uuid.optional().describe('Only attachments to this hub'),
  vpc_id: Uuid.optional().describe('Only attachments of this VPC'),
});

export const transitHubAttachments = {
  list: endpoint({
    ...networkRoute,
    method: 'GET',
    path: '/api/v1/transit-hub-attachments',
    summary: 'List VPC attachments to transit hubs',
    query: TransitHubAttachmentListQuery,
    response: TransitHubAttachment,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...networkRoute,
    method: 'POST',
    path: '/api/v1/transit-hub-attachments',
    summary: 'Attach a VPC to a transit hub (a second attachment of the same pair: 409)',
    body: TransitHubAttachmentCreateBody,
    response: TransitHubAttachment,
    status: 201,
  }),
};

export type TransitHubAttachment = z.infer<typeof TransitHubAttachment>;
