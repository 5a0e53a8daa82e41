import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { operations } from '../../packages/sdk/src/contract';

/**
 * A family lives under the same path in the contract, the server's families, the SDK's resources
 * and the server's tests (`v1/databases` in each), so its operations' name finds all of them.
 * The SDK's resource classes are generated (`src/generated/resources`) beside the hand-written
 * ones and extensions (`src/resources`): a family is in the SDK's tree when it is in either.
 */

const root = fileURLToPath(new URL('../../', import.meta.url));

const TREES = {
  contract: 'packages/sdk/src/contract',
  server: 'packages/mock-server/src/families',
  sdk: 'packages/sdk/src/resources',
  tests: 'packages/mock-server/test',
} as const;
type Tree = keyof typeof TREES;

/** A second folder of a tree, generated from the contract. */
const GENERATED: Partial<Record<Tree, string>> = { sdk: 'packages/sdk/src/generated/resources' };

/** The folders of `tree` that hold `api`'s modules. */
function folders(tree: Tree, api: Api): string[] {
  const generated = GENERATED[tree];
  return [TREES[tree], ...(generated ? [generated] : [])]
    .map((folder) => join(root, folder, api))
    .filter((dir) => existsSync(dir));
}

const APIS = ['v1', 'v2'] as const;
type Api = (typeof APIS)[number];

/** Modules under `<api>/` that serve several namespaces, so no namespace's name fits them. */
const SUPPORT: Record<Tree, Record<Api, Record<string, string>>> = {
  contract: {
    v1: {
      cron: 'the cron expression of backup policies and function schedules',
      network: 'schemas the network namespaces share (IPv4 CIDRs and addresses, ASNs), and the list of them',
      'policy-rule': 'the rule language of policies, read by assignments and compliance too',
    },
    v2: {},
  },
  server: {
    v1: {
      network: 'CIDR arithmetic, address allocation and the tables the network namespaces share',
      support: 'helpers of several families: foreign rows, stable hashes, transition events',
    },
    v2: {
      index: 'the video service as one family: its handlers and its start-up',
      services: 'the in-process services of the video family (event bus, connections, cache)',
      cache: 'the video cache that readiness checks',
      plans: "a tenant's video plan and the features it allows",
      simulator: 'the camera simulator that writes events and recordings',
      tables: 'the video tables',
    },
  },
  sdk: {
    v1: {},
    v2: {
      video: '`client.video`, which holds the v2 namespaces and binds their token',
      credentials: 'the workload token the v2 namespaces send',
    },
  },
  tests: {
    v1: {
      cidr: 'the CIDR arithmetic of the network namespaces',
      'login-throttle': 'login throttling, across auth and the throttle store',
      'role-enforcement': 'roles checked on every namespace',
      'totp-once': 'MFA codes used once, across auth and MFA enrolment',
    },
    v2: {
      browser: 'the video API from a browser page',
      simulator: 'the camera simulator',
    },
  },
};

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The top-level namespaces of an API, kebab-cased (`v1.cdnProfiles` -> `cdn-profiles`). */
function namespaces(api: Api): Set<string> {
  const ids = operations().map((operation) => operation.id.split('.'));
  return new Set(ids.filter(([first]) => first === api).map(([, ns]) => kebab(ns!)));
}

/**
 * The names of the entries directly under `<tree>/<api>`: folders, and modules without their
 * extension. In the tests only test files count: helpers next to them are imported by tests.
 */
function topLevel(tree: Tree, api: Api): string[] {
  return folders(tree, api)
    .flatMap((dir) => readdirSync(dir, { withFileTypes: true }))
    .flatMap((entry) => {
      if (entry.isDirectory()) return [entry.name];
      const suffix = tree === 'tests' ? '.test.ts' : '.ts';
      if (!entry.name.endsWith(suffix) || entry.name.endsWith('.d.ts')) return [];
      return [entry.name.slice(0, -suffix.length)];
    });
}

function hasPath(tree: Tree, api: Api, name: string): boolean {
  return folders(tree, api).some((dir) => {
    const base = join(dir, name);
    return existsSync(`${base}${tree === 'tests' ? '.test.ts' : '.ts'}`) || existsSync(base);
  });
}

const cases = (Object.keys(TREES) as Tree[]).flatMap((tree) => APIS.map((api) => [tree, api] as const));

describe('folders follow the namespaces', () => {
  it.each(cases)('%s: every namespace of %s has its file or folder', (tree, api) => {
    const missing = [...namespaces(api)].filter((name) => !hasPath(tree, api, name));
    expect(missing.map((name) => `${TREES[tree]}/${api}/${name}`)).toEqual([]);
  });

  it.each(cases)(
    '%s: every file or folder under %s is named like a namespace or listed as support',
    (tree, api) => {
      const known = namespaces(api);
      const stray = topLevel(tree, api).filter((name) => !known.has(name) && !(name in SUPPORT[tree][api]));
      expect(stray.map((name) => `${TREES[tree]}/${api}/${name}`)).toEqual([]);
    },
  );

  it.each(cases)('%s: each support module listed for %s exists', (tree, api) => {
    const present = new Set(topLevel(tree, api));
    expect(Object.keys(SUPPORT[tree][api]).filter((name) => !present.has(name))).toEqual([]);
  });
});
