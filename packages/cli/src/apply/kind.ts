import type { Nimbus, RequestOptions } from '@nimbus/sdk';
import * as z from 'zod';
import type { Refs } from './refs';

/** What a kind module talks to: the project's client and the names resolved so far. */
export interface KindApi {
  /** The client for the project (`X-Project-ID` set). */
  readonly client: Nimbus;
  readonly projectId: string;
  readonly refs: Refs;
  /** The id of a named resource of another kind, listing that kind first if it was not yet. */
  resolve(kind: string, name: string): Promise<string>;
  /** The user running the command. */
  caller(): Promise<{ id: string; email: string }>;
  /**
   * Options for one create: a fresh idempotency key, so the SDK may retry it after a 5xx or a
   * lost answer and the server still creates the resource once.
   */
  writeOnce(): RequestOptions;
}

/**
 * One field whose declared value differs from the server's. `from` and `to` are for showing
 * (plan rows, JSON `diff`): a secret in them is masked. What an update sends comes from the entry.
 */
export interface Change {
  field: string;
  from: unknown;
  to: unknown;
  /**
   * Set when the field holds a secret the server never shows back (`password`) and everything
   * else of it matches: apply cannot compare the secret, so it sends the file's on every run.
   */
  uncompared?: string;
}

/**
 * A secret part of a field that the server accepts and never shows back in clear (it masks it):
 * a write-only value. A file that gives it has it sent on every apply, as it cannot be compared;
 * a file that leaves it out leaves the server's alone.
 */
export interface WriteOnlyPart {
  /** What it is called in messages: `password`. */
  readonly name: string;
  /** Whether a value holds the secret part. */
  holds(value: unknown): boolean;
  /** The value as the server shows it, the secret masked. */
  masked(value: unknown): unknown;
  /** The value without the secret part: what can be compared with the server's. */
  without(value: unknown): unknown;
  /**
   * A value that leaves the secret part out, made to keep the server's (`current`) when it has
   * one: its masked form, which the server takes as "unchanged".
   */
  keep(value: unknown, current: unknown): unknown;
}

const URL_PASSWORD = /^([a-z][a-z0-9+.-]*:\/\/[^:/@]*):([^@/]*)@/i;

/** The password of a URL (`rtsp://user:password@host/...`), which the server shows as `***`. */
export const urlPassword: WriteOnlyPart = {
  name: 'password',
  holds: (value) => typeof value === 'string' && (URL_PASSWORD.exec(value)?.[2] ?? '') !== '',
  masked: (value) =>
    urlPassword.holds(value)
      ? (value as string).replace(URL_PASSWORD, '$1:***@')
      : urlPassword.without(value),
  without: (value) => (typeof value === 'string' ? value.replace(URL_PASSWORD, '$1@') : value),
  keep: (value, current) =>
    typeof value === 'string' && !urlPassword.holds(value) && urlPassword.holds(current)
      ? value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]+)@/i, '$1:***@')
      : value,
};

/** An entry as written in a tenant file. */
export type Entry = Record<string, unknown>;

/** A name in an entry that points at a resource of another kind (an assignment's `policy`). */
export interface Reference {
  /** Path of the field inside the entry, e.g. `['policy']`. */
  path: (string | number)[];
  kind: string;
  name: string;
}

/**
 * One resource kind of the tenant file: how to list what exists, compare it with an entry,
 * create it, update it (only where the API has an update route) and write it back out.
 * Methods, not arrow properties, so a `Kind<Bucket>` is also a plain `Kind`.
 */
export interface Kind<Item extends object = object, Existing extends object = object> {
  /** Key in the tenant file and first segment of addresses (`vpcs/main`). */
  readonly key: string;
  /** The contract namespace of its endpoints (`iam.roles`): `export` names the namespaces no kind covers. */
  readonly group: string;
  /** Singular noun for messages ("no policy named ..."). */
  readonly noun: string;
  /** Schema of one entry: the contract's create body, extended only with references by name. */
  readonly entry: z.ZodType<Item>;
  /** Kinds this one refers to by name: they are planned and created first. */
  readonly after?: readonly string[];
  /** Fields the update route can change; absent when the API has no update route. */
  readonly updatable?: readonly string[];
  /** Entries nested in each entry of this kind (a VPC's `subnets`), with their own kind. */
  readonly child?: { field: string; kind: Kind };
  /** Whether the SDK in use has the namespace this kind calls. */
  available(client: Nimbus): boolean;
  /** What identifies an entry within the project (or within its parent). */
  nameOf(item: Item): string;
  /** The same identity for a server record; undefined leaves the record out (e.g. builtins). */
  recordName(record: Existing, api: KindApi): string | undefined;
  idOf(record: Existing): string;
  /** Whether a record comes with the platform (builtin policies and roles): never declared, only named. */
  builtin?(record: Existing): boolean;
  references?(item: Item): Reference[];
  list(api: KindApi, parentId?: string): Promise<Existing[]>;
  /** What a project has of this kind from its creation (its owner): the plan for a new project. */
  initial?(api: KindApi): Promise<Existing[]>;
  diff(item: Item, record: Existing, api: KindApi): Change[];
  create(item: Item, api: KindApi, parentId?: string): Promise<Existing>;
  update?(record: Existing, item: Item, changes: Change[], api: KindApi): Promise<Existing>;
  /** Deletes a resource (`--prune`, `--allow-replace`); absent when the API has no delete route. */
  delete?(record: Existing, api: KindApi, parentId?: string): Promise<void>;
  /** Waits until a resource just created has left its transitional state (`--wait`). */
  settle?(record: Existing, api: KindApi): Promise<void>;
  /** The record as a tenant-file entry: no server-set fields, no secrets; undefined skips it. */
  export(record: Existing, api: KindApi): Entry | undefined | Promise<Entry | undefined>;
  /** Something to tell about a resource just created (a secret shown only once). */
  createdNote?(record: Existing): string | undefined;
}

/** Every item of a paged list. */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Equality of two lists as sets (permissions, features: their order means nothing). */
export function sameSet(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return sameValue(a, b);
  return sameValue([...a].map(canonical).sort(), [...b].map(canonical).sort());
}

/** Equality by value, the way JSON sees it (key order ignored). */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

/** Two JSON texts that hold the same value (the server may normalise whitespace and key order). */
export function sameJsonText(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return sameValue(a, b);
  try {
    return sameValue(JSON.parse(a), JSON.parse(b));
  } catch {
    return a === b;
  }
}

/**
 * The fields of `desired` (a parsed entry, defaults applied) whose value differs on the
 * server. Fields the entry leaves undefined are not managed, so never a change. A field with a
 * write-only part is compared without it when the entry leaves the part out; when the entry
 * gives it, and the rest matches, it is an `uncompared` change: sent, as it cannot be compared.
 */
export function changedFields(
  desired: object,
  record: object,
  options: {
    skip?: readonly string[];
    same?: Record<string, (a: unknown, b: unknown) => boolean>;
    writeOnly?: Record<string, WriteOnlyPart>;
  } = {},
): Change[] {
  const current = record as Record<string, unknown>;
  const changes: Change[] = [];
  for (const [field, to] of Object.entries(desired)) {
    if (to === undefined || options.skip?.includes(field)) continue;
    const from = current[field];
    const part = options.writeOnly?.[field];
    if (part) {
      const shown = part.masked(to);
      if (!part.holds(to)) {
        if (!sameValue(part.without(to), part.without(from)))
          changes.push({ field, from, to: part.keep(shown, from) });
      } else if (!sameValue(shown, from)) {
        changes.push({ field, from, to: shown });
      } else {
        changes.push({ field, from, to: shown, uncompared: part.name });
      }
      continue;
    }
    const equal = options.same?.[field] ?? sameValue;
    if (!equal(to, from)) changes.push({ field, from, to });
  }
  return changes;
}

/** The fields of a body schema that the record holds, without nulls: a record as a file entry. */
export function bodyFields(schema: z.ZodType, record: object): Entry {
  if (!(schema instanceof z.ZodObject)) throw new TypeError('bodyFields needs an object schema');
  const source = record as Record<string, unknown>;
  const out: Entry = {};
  for (const key of Object.keys(schema.shape)) {
    const value = source[key];
    if (value !== null && value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * The fields of `changes` as a partial body for an update route, with the entry's values (a
 * change shows a secret masked; the entry holds it as written).
 */
export function patchOf(changes: readonly Change[], item: object): Record<string, unknown> {
  const values = item as Record<string, unknown>;
  return Object.fromEntries(changes.map((c) => [c.field, values[c.field]]));
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}
