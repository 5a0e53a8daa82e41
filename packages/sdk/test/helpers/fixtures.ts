import type { Instance, Project, User } from '@nimbus/sdk';

export const PROJECT_ID = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
export const OTHER_PROJECT_ID = '0a1b2c3d-4e5f-4a6b-9c8d-7e6f5a4b3c2d';
const STAMP = '2026-01-01T00:00:00.000Z';

/** A UUID v4 whose last digits are `n`, so fixtures are valid and tell apart. */
export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function instance(overrides: Partial<Instance> = {}): Instance {
  return {
    id: uuid(1),
    project_id: PROJECT_ID,
    created_at: STAMP,
    updated_at: STAMP,
    name: 'web-1',
    flavor: 'small',
    region: 'hn',
    image: 'ubuntu-24.04',
    status: 'running',
    resource_group_id: null,
    ...overrides,
  };
}

export function project(overrides: Partial<Project> = {}): Project {
  return {
    id: PROJECT_ID,
    created_at: STAMP,
    updated_at: STAMP,
    name: 'demo',
    description: '',
    owner_id: uuid(9),
    role: 'owner',
    ...overrides,
  };
}

export function user(overrides: Partial<User> = {}): User {
  return {
    id: uuid(9),
    created_at: STAMP,
    updated_at: STAMP,
    email: 'ada@example.com',
    full_name: 'Ada Lovelace',
    mfa_enabled: false,
    ...overrides,
  };
}
