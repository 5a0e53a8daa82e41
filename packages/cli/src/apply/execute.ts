import type { Change } from './kind';
import type { Action, Step } from './plan';

/** What happened to a step's write. */
export type Outcome = 'done' | 'failed' | 'not done';

export interface Applied {
  outcomes: Map<Step, Outcome>;
  failure?: { step: Step; error: unknown };
}

/**
 * Runs the writes of a plan in order and stops at the first failure: the steps after it
 * are reported as not done, so a second `apply` picks up where this one stopped.
 */
export async function executePlan(
  steps: readonly Step[],
  onStep: (step: Step) => void = () => {},
): Promise<Applied> {
  const outcomes = new Map<Step, Outcome>();
  let failure: Applied['failure'];
  for (const step of steps) {
    if (!step.run) continue;
    if (failure) {
      outcomes.set(step, 'not done');
      continue;
    }
    onStep(step);
    try {
      const result = await step.run();
      step.id = result.id;
      if (result.note) step.note = result.note;
      outcomes.set(step, 'done');
    } catch (error) {
      outcomes.set(step, 'failed');
      failure = { step, error };
    }
  }
  return { outcomes, failure };
}

/** One line of the plan or of the result, as printed (table, JSON or YAML). */
export interface ReportRow {
  resource: string;
  action: Action;
  /** The changed fields in short, for tables: `flavor: small -> medium`. */
  changes: string;
  id: string | null;
  result?: Outcome;
  note?: string;
  /** The changes with full values, for JSON and YAML (tables show scalar columns only). */
  diff?: Change[];
}

export function reportRows(steps: readonly Step[], outcomes?: Map<Step, Outcome>): ReportRow[] {
  return steps.map((step) => {
    const row: ReportRow = {
      resource: step.address,
      action: step.action,
      changes: step.changes.map((c) => describeChange(c, 40)).join('; '),
      id: step.id ?? null,
    };
    if (step.changes.length > 0) row.diff = step.changes;
    const outcome = outcomes?.get(step);
    if (outcome) row.result = outcome;
    if (step.note) row.note = step.note;
    return row;
  });
}

/**
 * `flavor: small -> medium`, each value cut to `width` characters when given; a secret that
 * cannot be compared: `rtsp_url: password cannot be compared, sent`.
 */
export function describeChange(change: Change, width = Number.POSITIVE_INFINITY): string {
  if (change.uncompared) return `${change.field}: ${change.uncompared} cannot be compared, sent`;
  return `${change.field}: ${show(change.from, width)} -> ${show(change.to, width)}`;
}

/** Counts per action, for the closing line: "2 to create, 1 to update, 7 unchanged". */
export function countActions(steps: readonly Step[]): Record<Action, number> {
  const counts: Record<Action, number> = {
    create: 0,
    update: 0,
    unchanged: 0,
    'replace needed': 0,
    replace: 0,
    delete: 0,
    duplicate: 0,
  };
  for (const step of steps) counts[step.action]++;
  return counts;
}

function show(value: unknown, width: number): string {
  if (value === undefined || value === null) return '(none)';
  const text = (typeof value === 'string' ? value : JSON.stringify(value)).replace(/\s+/g, ' ');
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}
