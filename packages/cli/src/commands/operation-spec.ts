import type { Route } from '@nimbus/sdk';

/**
 * What the command line needs to know of one contract operation, as plain data: the build
 * writes every operation's spec to `dist/operations.json`, so `nimbus` builds its command
 * tree without loading the contract's schemas (most of its start-up time).
 */
export interface OperationSpec {
  /** Contract group key (`cdnProfiles`); the command is its kebab case. */
  group: string;
  /** Contract operation key (`retrieve`, `create`). */
  op: string;
  /** `v1` or `v2`: which part of the contract holds it. */
  api: 'v1' | 'v2';
  summary: string;
  method: string;
  path: string;
  /** Path placeholders, in order: the command's arguments. */
  params: string[];
  body: FieldSpec[];
  query: FieldSpec[];
  hasBody: boolean;
  /** A paged /v1 list (`page`), a /v2 list with `cursor` (`cursor`), or neither. */
  paging?: 'page' | 'cursor';
  /** The group has a `retrieve`, so `--wait` can poll the resource. */
  retrievable: boolean;
  /** Takes HTTP basic auth of its own (`/v2/metrics`): `--username` and `--password`. */
  basicAuth?: boolean;
  /** Answers text or bytes (a playlist, metrics, a segment): written out as the server sent them. */
  raw?: boolean;
  /** What the SDK needs to call it, without the contract's schemas (or zod) loaded. */
  route: Route;
  /** The workload-token scope a /v2 route needs. */
  scope?: string;
}

/** What a schema field looks like on the command line. */
export type FieldKind = 'string' | 'number' | 'boolean' | 'json';

export interface FieldSpec {
  key: string;
  flag: string;
  kind: FieldKind;
  required: boolean;
  description: string;
  choices?: string[];
  /** An array field: a comma-separated list is taken for it as well as JSON. */
  list: boolean;
}

/** A contract group as a command: its name in kebab case and a one-line description. */
export interface GroupSpec {
  group: string;
  description: string;
  operations: OperationSpec[];
}
