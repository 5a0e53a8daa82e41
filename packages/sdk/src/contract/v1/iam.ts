import * as z from 'zod';
import { Email, listQuery, ProjectRecord, Timestamp, TRIMMED_PATTERN, Uuid } from '../common';
import { endpoint } from '../define';
import { secret } from '../secrets';
import { Role } from './projects';

// IAM (docs/decisions/0003-identity.md): the members of the X-Project-ID project, its roles, API keys and
// bucket grants. Every write needs `iam:admin`, which only the owner role holds.

/** The roles every project has; custom roles cannot take these names. */
export const BuiltinRoleName = z.enum(['owner', 'editor', 'viewer']);

/**
 * The permission families: those of the contract's project routes, the ones a role is checked
 * on (a test holds this list to the contract).
 */
export const PERMISSION_FAMILIES = [
  'apim',
  'appservice',
  'backup',
  'billing',
  'cache',
  'cdn',
  'compute',
  'container',
  'cost',
  'dns',
  'dr',
  'eventgrid',
  'firewall',
  'iam',
  'keyvault',
  'monitor',
  'network',
  'policy',
  'registry',
  'resources',
  'serverless',
  'sql',
  'storage',
] as const;

const KNOWN_FAMILIES: ReadonlySet<string> = new Set(PERMISSION_FAMILIES);
/** `iam:*` and `*:*` would include `iam:admin`, which only the owner role holds. */
const WILDCARD_FAMILIES = PERMISSION_FAMILIES.filter((family) => family !== 'iam').join('|');

/**
 * One permission of a custom role: `<family>:read`, `<family>:write`, `<family>:*`, `*:read` or
 * `*:write`, families from PERMISSION_FAMILIES; not `iam:*` / `*:*` (they would include `iam:admin`).
 */
export const Permission = z
  .string()
  .regex(/^(?:[a-z][a-z0-9-]*|\*):(?:read|write|\*)$/, {
    error: 'must look like "<family>:read", "<family>:write", "<family>:*" or "*:read"',
    abort: true,
  })
  .refine((value) => value !== 'iam:*' && value !== '*:*', {
    error: (issue) => `"${issue.input}" would include iam:admin, which only the owner role holds`,
    abort: true,
  })
  .refine((value) => value.startsWith('*:') || KNOWN_FAMILIES.has(value.split(':')[0]!), {
    error: (issue) =>
      `unknown permission family "${String(issue.input).split(':')[0]}" (known: ${PERMISSION_FAMILIES.join(', ')})`,
  })
  .describe('e.g. compute:write, storage:read, *:read')
  .meta({ pattern: `^(?:(?:${WILDCARD_FAMILIES}):(?:read|write|\\*)|(?:iam|\\*):(?:read|write))$` });

/** A custom role name: lowercase, digits, `-` and `_`, not a built-in name. */
export const CustomRoleName = z
  .string()
  .min(2)
  .max(64)
  .regex(/^[a-z][a-z0-9_-]*$/, {
    error: 'must start with a letter and hold lowercase letters, digits, "-", "_"',
  });

/** A member of the project, as the IAM view shows them. `id` is the user's id. */
export const IamUser = z.object({
  id: Uuid.describe('The user id'),
  project_id: Uuid,
  email: z.email(),
  full_name: z.string(),
  role: Role.describe('Membership role'),
  delegated_roles: z
    .array(z.object({ role: Role, expires_at: z.string().nullable() }))
    .describe('Roles granted through delegation that are still live'),
  mfa_enabled: z.boolean(),
  joined_at: Timestamp,
});

export const IamUserCreateBody = z.object({
  email: Email.describe('Email of a registered user'),
  role: Role.describe('owner, editor, viewer or a custom role of this project'),
});

export const IamUserListQuery = listQuery({
  role: Role.optional().describe('Only members with this membership role'),
});

/** A role: built-in (no id, not stored) or custom (a project record). */
export const IamRole = z.object({
  id: Uuid.nullable().describe('Null for built-in roles'),
  project_id: Uuid,
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  builtin: z.boolean(),
  created_at: Timestamp.nullable(),
  updated_at: Timestamp.nullable(),
});

export const IamRoleCreateBody = z.object({
  name: CustomRoleName.describe('Role name, unique in the project; not owner, editor or viewer'),
  description: z.string().max(500).default('').describe('What the role is for'),
  permissions: z
    .array(Permission)
    .min(1)
    .max(100)
    .describe('Permissions, e.g. ["compute:write", "storage:read"]; write implies read'),
});

export const IamRoleListQuery = listQuery({});

/** An API key as stored: never the key itself after creation. */
export const ApiKey = ProjectRecord.extend({
  name: z.string(),
  role: Role,
  prefix: z.string().describe('First characters of the key, to recognise it'),
  created_by: Uuid,
  expires_at: Timestamp.nullable(),
});

/** The creation answer: the only time the key is shown. */
export const ApiKeyCreated = ApiKey.extend({
  key: secret(z.string()).describe('The key (nk_...), shown once: send it as X-API-Key'),
});

export const IamKeyCreateBody = z.object({
  name: z.string().trim().min(1).max(100).meta({ pattern: TRIMMED_PATTERN }).describe('What the key is for'),
  role: Role.describe('editor, viewer or a custom role; owner is refused (keys never administer IAM)'),
  expires_at: z.iso
    .datetime({ offset: true, error: 'must be an ISO-8601 timestamp' })
    .optional()
    .describe('When the key stops working; never when omitted'),
});

export const BucketAccess = z.enum(['read', 'write']);

/** A member's access to one bucket of the project. */
export const BucketGrant = ProjectRecord.extend({
  user_id: Uuid,
  bucket_id: Uuid,
  bucket_name: z.string(),
  access: BucketAccess,
  granted_by: Uuid,
});

export const IamBucketGrantCreateBody = z.object({
  user_id: Uuid.describe('A member of the project'),
  bucket_name: z.string().min(1).max(63).describe('A bucket of the project'),
  access: BucketAccess.describe('read or write (write implies read)'),
});

const base = { family: 'iam', auth: 'bearer', project: true } as const;
const admin = { ...base, permission: 'iam:admin' } as const;

const iamUsers = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/iam/users',
    summary: 'Members of the project with their roles',
    query: IamUserListQuery,
    response: IamUser,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...admin,
    method: 'POST',
    path: '/api/v1/iam/users',
    summary: 'Add a registered user to the project with a role (owner only)',
    example: `await client.iam.users.create({ email: 'bob@example.com', role: 'viewer' });`,
    body: IamUserCreateBody,
    response: IamUser,
    status: 201,
  }),
};

const iamRoles = {
  list: endpoint({
    ...base,
    method: 'GET',
    path: '/api/v1/iam/roles',
    summary: 'Built-in roles (owner, editor, viewer) and the custom roles of the project',
    query: IamRoleListQuery,
    response: IamRole,
    list: true,
    status: 200,
  }),
  create: endpoint({
    ...admin,
    method: 'POST',
    path: '/api/v1/iam/roles',
    summary: 'Create a custom role from a list of permissions (owner only)',
    description:
      'Permissions are <family>:read|write|* or *:read|*:write, families from the contract; unknown families and ' +
      'iam:* / *:* (they would include iam:admin) answer 400 naming the entry. Audited as role.created.',
    example: `await client.iam.roles.create({ name: 'vm-operator', permissions: ['compute:write'] });`,
    body: IamRoleCreateBody,
    response: IamRole,
    status: 201,
  }),
};

const iamKeys = {
  create: endpoint({
    ...admin,
    method: 'POST',
    path: '/api/v1/iam/keys',
    description:
      'The answer holds the key once; the server keeps its SHA-256 and a prefix. The key authenticates /api/v1 ' +
      'resource calls of this project only (X-API-Key) with the permissions of its role; owner is refused so a ' +
      'key never administers IAM. After expires_at the key answers 401. Audited as api_key.created.',
    summary: 'Create an API key bound to the project and a role; the key is shown once (owner only)',
    example: `
      const { key } = await client.iam.keys.create({ name: 'ci', role: 'editor' });
      const ci = new Nimbus({ baseUrl, apiKey: key, projectId });
    `,
    body: IamKeyCreateBody,
    response: ApiKeyCreated,
    status: 201,
  }),
};

const iamBucketGrants = {
  create: endpoint({
    ...admin,
    method: 'POST',
    path: '/api/v1/iam/authorize-bucket',
    description:
      'The bucket must belong to the project and the user must be a member (404 otherwise). One grant per ' +
      'bucket and member: posting again sets its access and answers the same grant. Audited as bucket.access_granted.',
    summary: "Grant a member read or write on a bucket; posting again sets the member's access (owner only)",
    body: IamBucketGrantCreateBody,
    response: BucketGrant,
    status: 201,
  }),
};

/** Identity and access of the project: members, roles, API keys and bucket grants. */
export const iam = {
  users: iamUsers,
  roles: iamRoles,
  keys: iamKeys,
  bucketGrants: iamBucketGrants,
};

export type IamUser = z.infer<typeof IamUser>;
export type IamRole = z.infer<typeof IamRole>;
export type ApiKey = z.infer<typeof ApiKey>;
export type ApiKeyCreated = z.infer<typeof ApiKeyCreated>;
export type BucketGrant = z.infer<typeof BucketGrant>;
