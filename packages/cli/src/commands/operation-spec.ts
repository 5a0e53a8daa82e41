import type { Route } from '@nimbus/sdk';

/**
 * What the command line needs to know of one contract operation, as plain data: the build
 * writes every operation's spec to `dist/operations.json`, so `nimbus` builds its command
 * tree without loading the contract's schemas (most of its start-up time).
 */
export interface OperationSpec {
  /**
   * The command's words: the operation's names in the contract after the API
   * (`['databases', 'replicas', 'create']` is `v1.databases.replicas.create` and `nimbus
   * databases replicas create`); a control route's keep `mock` (`nimbus mock faults create`).
   */
  names: string[];
  /** What each sub-resource between the group and the verb is (`replicas`: "Read replicas of a database"). */
  resourceSummaries: string[];
  /** `v1`, `v2`, or `mock` (the reference server's control routes): which part of the contract holds it. */
  api: 'v1' | 'v2' | 'mock';
  summary: string;
  /** More than the summary says, for the command's help. */
  description?: string;
  method: string;
  path: string;
  /** Path placeholders, in order: the command's arguments. */
  params: PathArgument[];
  body: FieldSpec[];
  query: FieldSpec[];
  hasBody: boolean;
  /** A paged /v1 list (`page`), a /v2 list with `cursor` (`cursor`), or neither. */
  paging?: 'page' | 'cursor';
  /** How `--wait` reads the resource it answers until it settles; absent, the command has no `--wait`. */
  wait?: WaitSpec;
  /** A delete's read of what it deletes (the GET of its path), to name it in the question. */
  read?: Route;
  /** Takes HTTP basic auth of its own (`/v2/metrics`): `--username` and `--password`. */
  basicAuth?: boolean;
  /** Answers text or bytes (a playlist, metrics, a segment): written out as the server sent them. */
  raw?: boolean;
  /** Answers bytes (a video segment, an image): refused on a terminal, which cannot show them. */
  binary?: boolean;
  /** What the SDK needs to call it, without the contract's schemas (or zod) loaded. */
  route: Route;
  /** The workload-token scope a /v2 route needs. */
  scope?: string;
  /** The words of the help's example after the command: `<vpc-id> --name web --cidr 10.0.1.0/24`. */
  example: string;
  /** Further examples' words, where one does not show what the command is for (`--frozen`, `--no-frozen`). */
  moreExamples?: string[];
  /** Table columns of a list whose items hold more than a table shows (the journal's requests). */
  columns?: string[];
}

/**
 * The operation that reads back what a waitable operation answers: its resource's `retrieve`, or
 * else the list that holds it (a database's `replicas list`, `cameras list`), looked through for
 * the answer's id.
 */
export interface WaitSpec {
  route: Route;
  /** The workload-token scope of a /v2 reader. */
  scope?: string;
  /** Whether `route` answers one resource (`retrieve`) or a list of them. */
  by: 'retrieve' | 'list';
  /** A query field of the list that picks one id (`drPlans list --id`), so one page holds it. */
  idFilter?: string;
}

/** A path placeholder as a command argument: `{id}` of `/databases/{id}/replicas` is `<database-id>`. */
export interface PathArgument {
  /** The placeholder (`id`). */
  key: string;
  /** The argument (`database-id`). */
  name: string;
  description: string;
  /** The contract takes a UUID there: anything else is refused before sending. */
  uuid?: boolean;
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
  /**
   * A map of names to strings or numbers (`limits`, `headers`): the flag is repeatable and takes
   * `name=value` as well as JSON (`--limits instances=200 --limits buckets=50`).
   */
  map?: 'string' | 'number';
  /** A query's `true` or `false` (`?include_secret=true`): a switch, sent as that text. */
  booleanText?: boolean;
  /** What the server takes when the field is left out. */
  default?: string | number | boolean;
  /** The values a number field takes, in words: `1-100`, `at least 128`. */
  range?: string;
}

/** A top-level contract group as a command: its name in kebab case and a one-line description. */
export interface GroupSpec {
  group: string;
  description: string;
  operations: OperationSpec[];
}
