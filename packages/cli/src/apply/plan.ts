import { UsageError } from '../errors';
import { DocumentError, type ProjectEntry, type TenantDocument } from './document';
import { type Change, changedFields, collect, type Kind } from './kind';
import type { Target } from './target';

/**
 * What `apply` does to one resource. `replace` (delete, then create from the file) only with
 * `--allow-replace`; `delete` only with `--prune`. `duplicate`: a second resource with the name
 * of one the file declares (the API allows it), which `apply` leaves alone without `--prune`.
 */
export type Action =
  | 'create'
  | 'update'
  | 'unchanged'
  | 'replace needed'
  | 'replace'
  | 'delete'
  | 'duplicate';

/** How far `apply` may go beyond creating and updating. */
export interface PlanOptions {
  /** Delete what the file no longer lists, in the kinds it declares. */
  prune?: boolean;
  /** Replace (delete and create) what cannot be changed in place. */
  allowReplace?: boolean;
}

export interface Step {
  /** `project/acme`, `instances/web-1`, `vpcs/main/subnets/web`. */
  address: string;
  action: Action;
  /** Fields that differ (update, replace needed). */
  changes: Change[];
  /** The resource's id: known for existing ones, set by `run` for created ones. */
  id?: string;
  note?: string;
  /**
   * On a `replace needed` step: apply cannot replace it either (no delete route, or the project),
   * so `--allow-replace` changes nothing and it is left to a person.
   */
  manual?: boolean;
  /** The write, for create, update, replace and delete steps. */
  run?: () => Promise<{ id: string; note?: string }>;
  /** Set by a create's `run` when the kind has a lifecycle: waits until it has settled. */
  settle?: () => Promise<void>;
}

/**
 * Kinds in dependency order: a kind comes after every kind it names in `after`; otherwise
 * the registry order stands.
 */
export function orderKinds(kinds: readonly Kind[]): Kind[] {
  const out: Kind[] = [];
  const visiting = new Set<string>();
  const visit = (kind: Kind) => {
    if (out.includes(kind)) return;
    if (visiting.has(kind.key)) throw new Error(`Kinds depend on each other in a cycle through ${kind.key}`);
    visiting.add(kind.key);
    for (const key of kind.after ?? []) {
      const dependency = kinds.find((k) => k.key === key);
      if (dependency) visit(dependency);
    }
    out.push(kind);
  };
  for (const kind of kinds) visit(kind);
  return out;
}

/**
 * Decides a step per declared resource, reading only: finds the project by name, lists each
 * kind the file declares (and the kinds they refer to), and compares. Nothing is written.
 *
 * @throws DocumentError when an entry names a resource that neither the file nor the project has.
 */
export async function planTenant(
  target: Target,
  doc: TenantDocument,
  options: PlanOptions = {},
): Promise<Step[]> {
  const steps: Step[] = [await planProject(target, doc.project)];
  const deletes: Step[] = [];
  const problems: string[] = [];
  for (const kind of kindsToVisit(target.kinds, doc)) {
    const existing = target.hasProject ? await target.list(kind) : ((await kind.initial?.(target)) ?? []);
    const items = doc.entries[kind.key];
    if (!items) continue;
    problems.push(...unresolvedReferences(target, doc, kind, items));
    const byName = recordsByName(target, kind, existing);
    if (options.prune) deletes.unshift(...(await pruneSteps(target, kind, items, existing)));
    deletes.unshift(...duplicateSteps(target, kind, items, existing, options));
    for (const [i, item] of items.entries()) {
      const name = kind.nameOf(item);
      const record = byName.get(name);
      if (record && kind.builtin?.(record)) {
        problems.push(
          doc.problem(
            [kind.key, i],
            `"${name}" is a builtin ${kind.noun}: name it where it is used, do not declare it`,
          ),
        );
        continue;
      }
      const address = `${kind.key}/${name}`;
      steps.push(planEntry(target, kind, item, record, address, options));
      if (kind.child) steps.push(...(await planChildren(target, kind, item, record, address, options)));
    }
  }
  if (problems.length > 0) throw new DocumentError(problems);
  // Deletes come last, the dependent kinds first (an assignment before its policy).
  return [...steps, ...deletes];
}

/**
 * `--prune`: a delete step for each resource of a declared kind that the file does not list.
 * Builtins and the caller's own membership are never pruned; a kind without a delete route
 * is refused, so the plan never promises what it cannot do.
 */
async function pruneSteps(
  target: Target,
  kind: Kind,
  items: object[],
  existing: object[],
  parent?: { id: string; address: string },
): Promise<Step[]> {
  const listed = new Set(items.map((item) => kind.nameOf(item)));
  const caller = kind.key === 'members' ? (await target.caller()).id : undefined;
  const extra = existing.filter((record) => {
    const name = kind.recordName(record, target);
    return name !== undefined && !listed.has(name) && !kind.builtin?.(record) && kind.idOf(record) !== caller;
  });
  return extra.map((record) => {
    const name = kind.recordName(record, target)!;
    const address = parent ? `${parent.address}/${kind.key}/${name}` : `${kind.key}/${name}`;
    const id = kind.idOf(record);
    if (!kind.delete) {
      return {
        address,
        action: 'replace needed',
        changes: [],
        id,
        note: `not in the file, and ${kind.noun}s have no delete route: remove it by hand`,
        manual: true,
      };
    }
    const remove = kind.delete.bind(kind);
    return {
      address,
      action: 'delete',
      changes: [],
      id,
      note: 'not in the file',
      run: async () => {
        await remove(record, target, parent?.id);
        return { id };
      },
    };
  });
}

/**
 * The resources named like an entry of the file beyond the first of that name (the one the entry
 * is matched with): deleted with `--prune`, else shown and left alone. A name the file does not
 * list is `--prune`'s already, duplicates and all.
 */
function duplicateSteps(
  target: Target,
  kind: Kind,
  items: object[],
  existing: object[],
  options: PlanOptions,
  parent?: { id: string; address: string },
): Step[] {
  const listed = new Set(items.map((item) => kind.nameOf(item)));
  const first = new Map<string, object>();
  const steps: Step[] = [];
  for (const record of existing) {
    const name = kind.recordName(record, target);
    if (name === undefined || !listed.has(name)) continue;
    const kept = first.get(name);
    if (!kept) {
      first.set(name, record);
      continue;
    }
    const address = parent ? `${parent.address}/${kind.key}/${name}` : `${kind.key}/${name}`;
    const id = kind.idOf(record);
    const same = `another ${kind.noun} is named "${name}" (${kind.idOf(kept)}, the one the file manages)`;
    if (!options.prune || !kind.delete) {
      const remedy = kind.delete
        ? '--prune deletes this one'
        : `${kind.noun}s have no delete route: remove it by hand`;
      steps.push({ address, action: 'duplicate', changes: [], id, note: `${same}: ${remedy}` });
      continue;
    }
    const remove = kind.delete.bind(kind);
    steps.push({
      address,
      action: 'delete',
      changes: [],
      id,
      note: `duplicate: ${same}`,
      run: async () => {
        await remove(record, target, parent?.id);
        return { id };
      },
    });
  }
  return steps;
}

async function planProject(target: Target, project: ProjectEntry): Promise<Step> {
  const mine = await collect(target.root.projects.list({ per_page: 100 }));
  const matches = mine.filter((p) => p.name === project.name);
  if (matches.length > 1) {
    throw new UsageError(
      `${matches.length} of your projects are named "${project.name}": the tenant file must name exactly one`,
    );
  }
  const address = `project/${project.name}`;
  const found = matches[0];
  if (!found) {
    return {
      address,
      action: 'create',
      changes: [],
      run: async () => {
        const created = await target.root.projects.create(project);
        target.setProject(created.id);
        return { id: created.id };
      },
    };
  }
  target.setProject(found.id);
  // A description the file leaves out is the project's own: only what the file gives is compared.
  const changes = changedFields(project, found);
  if (changes.length === 0) return { address, action: 'unchanged', changes, id: found.id };
  return {
    address,
    action: 'replace needed',
    changes,
    id: found.id,
    note: 'projects have no update route and apply never replaces one: make the file match the project, or leave the field out',
    manual: true,
  };
}

/** The kinds the file declares, plus the kinds they refer to (listed so names resolve). */
function kindsToVisit(kinds: readonly Kind[], doc: TenantDocument): Kind[] {
  const wanted = new Set(Object.keys(doc.entries));
  const ordered = orderKinds(kinds);
  for (const kind of [...ordered].reverse()) {
    if (wanted.has(kind.key)) for (const key of kind.after ?? []) wanted.add(key);
  }
  return ordered.filter((kind) => wanted.has(kind.key));
}

function recordsByName(target: Target, kind: Kind, records: object[]): Map<string, object> {
  const out = new Map<string, object>();
  for (const record of records) {
    const name = kind.recordName(record, target);
    if (name !== undefined && !out.has(name)) out.set(name, record);
  }
  return out;
}

function unresolvedReferences(target: Target, doc: TenantDocument, kind: Kind, items: object[]): string[] {
  // In a project about to be created only the file's own names can be checked; the rest
  // (builtin policies) resolve once it exists.
  if (!target.hasProject) return [];
  const problems: string[] = [];
  items.forEach((item, i) => {
    for (const ref of kind.references?.(item) ?? []) {
      if (target.refs.id(ref.kind, ref.name) !== undefined || declared(target, doc, ref.kind, ref.name))
        continue;
      const noun = target.kinds.find((k) => k.key === ref.kind)?.noun ?? ref.kind;
      problems.push(
        doc.problem([kind.key, i, ...ref.path], `no ${noun} named "${ref.name}" in the file or the project`),
      );
    }
  });
  return problems;
}

function declared(target: Target, doc: TenantDocument, kindKey: string, name: string): boolean {
  const kind = target.kinds.find((k) => k.key === kindKey);
  return !!kind && (doc.entries[kindKey] ?? []).some((entry) => kind.nameOf(entry) === name);
}

function planEntry(
  target: Target,
  kind: Kind,
  item: object,
  record: object | undefined,
  address: string,
  options: PlanOptions,
  parent?: { kind: string; name: string },
): Step {
  const name = kind.nameOf(item);
  const create = async (step: Step) => {
    const parentId = parent ? target.refs.require(parent.kind, parent.name) : undefined;
    const created = await kind.create(item, target, parentId);
    const id = kind.idOf(created);
    if (!parent) target.refs.set(kind.key, name, id);
    if (kind.settle) step.settle = () => kind.settle!(created, target);
    return { id, note: kind.createdNote?.(created) };
  };
  if (!record) {
    const step: Step = { address, action: 'create', changes: [], run: () => create(step) };
    return step;
  }
  const id = kind.idOf(record);
  // A secret that cannot be compared is sent by an update only: it never asks for a replacement.
  const changes = kind
    .diff(item, record, target)
    .filter((c) => !c.uncompared || (kind.update && kind.updatable?.includes(c.field)));
  if (changes.length === 0) return { address, action: 'unchanged', changes, id };
  const fixed = changes.filter((c) => !kind.updatable?.includes(c.field)).map((c) => c.field);
  if (kind.update && fixed.length === 0) {
    return {
      address,
      action: 'update',
      changes,
      id,
      run: async () => ({ id: kind.idOf(await kind.update!(record, item, changes, target)) }),
    };
  }
  const note = kind.update
    ? `${fixed.join(', ')} cannot be changed in place`
    : `${kind.noun}s have no update route`;
  if (!kind.delete) {
    const why = kind.update
      ? `${note}, and ${kind.noun}s have no delete route`
      : `${kind.noun}s have neither an update nor a delete route`;
    return {
      address,
      action: 'replace needed',
      changes,
      id,
      note: `${why}: apply can neither change nor replace it, so change it by hand or make the file match`,
      manual: true,
    };
  }
  if (options.allowReplace) {
    const remove = kind.delete.bind(kind);
    const step: Step = {
      address,
      action: 'replace',
      changes,
      id,
      note: `${note}: deleted and created again`,
      run: async () => {
        const parentId = parent ? target.refs.require(parent.kind, parent.name) : undefined;
        await remove(record, target, parentId);
        return create(step);
      },
    };
    return step;
  }
  return { address, action: 'replace needed', changes, id, note };
}

async function planChildren(
  target: Target,
  kind: Kind,
  item: object,
  record: object | undefined,
  address: string,
  options: PlanOptions,
): Promise<Step[]> {
  const { field, kind: child } = kind.child!;
  const items = ((item as Record<string, unknown>)[field] as object[] | undefined) ?? [];
  if (items.length === 0 && !(options.prune && record)) return [];
  const existing = record ? await target.list(child, kind.idOf(record)) : [];
  const byName = recordsByName(target, child, existing);
  const parent = { kind: kind.key, name: kind.nameOf(item) };
  const steps = items.map((entry) => {
    const name = child.nameOf(entry);
    return planEntry(target, child, entry, byName.get(name), `${address}/${field}/${name}`, options, parent);
  });
  if (record) {
    const parentRef = { id: kind.idOf(record), address };
    const asField = { ...child, key: field };
    if (options.prune) steps.push(...(await pruneSteps(target, asField, items, existing, parentRef)));
    steps.push(...duplicateSteps(target, asField, items, existing, options, parentRef));
  }
  return steps;
}
