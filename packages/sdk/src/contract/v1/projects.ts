import * as z from 'zod';
import { IdParams, PageQuery, RecordBase, TRIMMED_PATTERN, Uuid } from '../common';
import { endpoint } from '../define';

export const Role = z.string().min(1).max(64).describe('owner, editor, viewer or a custom role name');

export const Project = RecordBase.extend({
  name: z.string(),
  description: z.string(),
  owner_id: Uuid,
  role: Role.describe("The caller's role in this project"),
});

export const ProjectCreateBody = z.object({
  name: z.string().trim().min(1).max(100).meta({ pattern: TRIMMED_PATTERN }),
  description: z.string().max(1000).default(''),
});

export const ProjectDelegateBody = z.object({
  user_id: Uuid,
  role: Role,
  expires_at: z.iso.datetime({ offset: true }).optional().describe('When the grant lapses'),
});

export const Delegation = RecordBase.extend({
  project_id: Uuid,
  user_id: Uuid,
  role: Role,
  granted_by: Uuid,
  expires_at: z.string().nullable(),
});

export const projects = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/projects',
    family: 'projects',
    summary: 'Projects the caller is a member of',
    query: PageQuery,
    response: Project,
    list: true,
    status: 200,
    auth: 'bearer',
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v1/projects',
    family: 'projects',
    summary: 'Create a project; the caller becomes its owner',
    body: ProjectCreateBody,
    response: Project,
    status: 201,
    auth: 'bearer',
  }),
  delegate: endpoint({
    method: 'POST',
    path: '/api/v1/projects/{id}/members/delegate',
    family: 'iam',
    summary: 'Grant a role to a member, optionally until expires_at',
    params: IdParams,
    body: ProjectDelegateBody,
    response: Delegation,
    status: 201,
    auth: 'bearer',
    permission: 'iam:admin',
  }),
};

export type Project = z.infer<typeof Project>;
