import { UsageError } from '../errors';
import { collect, type Entry } from './kind';
import { orderKinds } from './plan';
import type { Target } from './target';

/**
 * Reads a project back as a tenant file: every supported kind, in dependency order (so the
 * names an entry refers to are known), without server-set fields or secrets. Applying the
 * result to a fresh project rebuilds the same resources.
 */
export async function exportTenant(target: Target, projectId: string): Promise<Record<string, unknown>> {
  const projects = await collect(target.root.projects.list({ per_page: 100 }));
  const project = projects.find((p) => p.id === projectId);
  if (!project)
    throw new UsageError(`Project ${projectId} is not one of yours (see \`nimbus projects list\`)`);
  target.setProject(project.id);
  const out: Record<string, unknown> = { project: { name: project.name, description: project.description } };
  for (const kind of orderKinds(target.kinds)) {
    const entries: Entry[] = [];
    for (const record of await target.list(kind)) {
      if (kind.builtin?.(record)) continue;
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
  return out;
}
