import { type Endpoint, operations } from '@nimbus/sdk/contract';
import { UsageError } from '../errors';
import { collect, type Entry } from './kind';
import { orderKinds } from './plan';
import type { Target } from './target';

/** A resource left out of an export: its name is taken by one written before it. */
export interface Duplicate {
  address: string;
  id: string;
  /** The id of the resource of that name the file holds. */
  kept: string;
}

/**
 * Reads a project back as a tenant file: every supported kind, in dependency order (so the
 * names an entry refers to are known), without server-set fields or secrets. Applying the
 * result to a fresh project rebuilds the same resources. A tenant file names each resource once,
 * so of two the API let have one name the first is written and the other is answered in
 * `duplicates` (a file with both would be refused by `apply`).
 */
export async function exportTenant(
  target: Target,
  projectId: string,
): Promise<{ doc: Record<string, unknown>; duplicates: Duplicate[] }> {
  const projects = await collect(target.root.projects.list({ per_page: 100 }));
  const project = projects.find((p) => p.id === projectId);
  if (!project)
    throw new UsageError(`Project ${projectId} is not one of yours (see \`nimbus projects list\`)`);
  target.setProject(project.id);
  const out: Record<string, unknown> = { project: { name: project.name, description: project.description } };
  const duplicates: Duplicate[] = [];
  for (const kind of orderKinds(target.kinds)) {
    const entries: Entry[] = [];
    const written = new Map<string, string>();
    for (const record of await target.list(kind)) {
      if (kind.builtin?.(record)) continue;
      const name = kind.recordName(record, target);
      const kept = name === undefined ? undefined : written.get(name);
      if (kept !== undefined) {
        duplicates.push({ address: `${kind.key}/${name}`, id: kind.idOf(record), kept });
        continue;
      }
      if (name !== undefined) written.set(name, kind.idOf(record));
      const entry = await kind.export(record, target);
      if (!entry) continue;
      if (kind.child) {
        const { field, kind: child } = kind.child;
        const childEntries: Entry[] = [];
        for (const c of await target.list(child, kind.idOf(record))) {
          const childEntry = await child.export(c, target);
          if (childEntry) childEntries.push(childEntry);
        }
        if (childEntries.length > 0) entry[field] = childEntries;
      }
      entries.push(entry);
    }
    if (entries.length > 0) out[kind.key] = entries;
  }
  return { doc: out, duplicates };
}

/** A resource namespace of the contract that tenant files do not cover, and how many the project has. */
export interface LeftOut {
  /** Its name in the contract (`databases`, `iam.keys`). */
  group: string;
  count: number;
}

/** The verbs of every /v1 namespace, nested ones included, by dotted name (`databases.replicas`). */
function namespaces(): Map<string, Record<string, Endpoint>> {
  const out = new Map<string, Record<string, Endpoint>>();
  for (const { id, endpoint } of operations()) {
    const [api, ...names] = id.split('.');
    if (api !== 'v1') continue;
    const verb = names.pop()!;
    const key = names.join('.');
    out.set(key, { ...out.get(key), [verb]: endpoint });
  }
  return out;
}

/**
 * The project's resources of namespaces no kind covers (databases, clusters...): `export` names
 * them, so a file that rebuilds "the project" is never silently partial. A namespace counts as a
 * resource when the contract gives it both a paged project list and a create.
 */
export async function leftOutGroups(target: Target): Promise<LeftOut[]> {
  const covered = new Set(target.kinds.flatMap((kind) => [kind.group, kind.child?.kind.group]));
  const groups = [...namespaces()]
    .map(([key, verbs]) => [key, verbs as Record<string, Endpoint | undefined>] as const)
    .filter(
      ([key, group]) =>
        !covered.has(key) &&
        group.create !== undefined &&
        group.list?.list === true &&
        group.list.project === true &&
        !group.list.path.includes('{'),
    );
  const counted = await Promise.all(
    groups.map(async ([key, group]) => {
      const page = await target.client.list(
        group.list as Endpoint & { list: true },
        {
          query: { per_page: 1 },
        } as never,
      );
      return { group: key, count: page.total };
    }),
  );
  return counted.filter((entry) => entry.count > 0);
}
