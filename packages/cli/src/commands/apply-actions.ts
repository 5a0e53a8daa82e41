import { writeFile } from 'node:fs/promises';
import { APIError } from '@nimbus/sdk';
import { stringify } from 'yaml';
import { globalNameConflicts } from '../apply/conflicts';
import { readTenantFile } from '../apply/document';
import { countActions, describeChange, executePlan, reportRows } from '../apply/execute';
import { exportTenant, leftOutGroups } from '../apply/export';
import { supportedKinds } from '../apply/kinds';
import { type Action, orderKinds, planTenant, type Step } from '../apply/plan';
import { Target } from '../apply/target';
import { commandContext, type GlobalOptions } from '../context';
import { CommandFailed, Interrupted, UsageError } from '../errors';
import { print } from '../output/print';
import { withProgress } from '../output/progress';
import { kebab } from './flags';
import { confirm } from './prompt';

export interface ApplyOptions {
  file: string;
  dryRun?: boolean;
  prune?: boolean;
  allowReplace?: boolean;
  wait?: boolean;
  yes?: boolean;
}

/** What the progress line says a step is doing. */
const VERBS: Record<Action, string> = {
  create: 'Creating',
  update: 'Updating',
  replace: 'Replacing',
  delete: 'Deleting',
  unchanged: 'Checking',
  'replace needed': 'Checking',
  duplicate: 'Checking',
};

/** What a person reads first in the plan or result table. */
const REPORT_COLUMNS = ['resource', 'action', 'changes', 'result', 'note', 'id'];

/** `nimbus apply`: plans the file against the project, then applies the plan. */
export async function applyTenant(options: ApplyOptions, globals: GlobalOptions): Promise<void> {
  const { client } = await commandContext(globals);
  const { supported, unsupported } = supportedKinds(client);
  const doc = await readTenantFile(options.file, supported, unsupported);
  const source = doc.file;
  const target = new Target(client, orderKinds(supported));
  const steps = await withProgress(`Reading project "${doc.project.name}"`, () =>
    planTenant(target, doc, { prune: options.prune, allowReplace: options.allowReplace }),
  );
  const conflicts = options.dryRun ? await globalNameConflicts(target, steps) : [];
  const counts = countActions(steps);
  const changing = counts.create + counts.update + counts.replace + counts.delete;
  // With --allow-replace, what is left `replace needed` is what apply cannot replace either.
  const blocked = counts['replace needed'] > 0;
  // "No changes" only when the project matches the file: nothing to write, nothing left over.
  const matches = changing === 0 && counts.duplicate === 0 && !blocked;

  if (options.dryRun) {
    await print(reportRows(steps), { ...globals, columns: REPORT_COLUMNS });
    warnReplacements(steps);
    warnDuplicates(steps);
    noteUncompared(steps);
    for (const conflict of conflicts) say(`error: ${conflict}`);
    say(
      matches
        ? `No changes: project "${doc.project.name}" matches ${source} (dry run)`
        : `Plan: ${summary(counts)} (dry run: nothing was changed)`,
    );
    if (conflicts.length > 0)
      throw new CommandFailed(`${conflicts.length} name conflict(s): the real run would fail`);
    if (blocked) throw new CommandFailed(replaceNeededText(steps));
    return;
  }
  const removing = steps.filter((s) => s.action === 'delete' || s.action === 'replace');
  if (removing.length > 0 && !options.yes) {
    // The plan is for the person answering: on stderr, so stdout holds one document, the result.
    if (process.stdin.isTTY)
      await print(reportRows(steps), { columns: REPORT_COLUMNS, output: 'table' }, process.stderr);
    if (!(await confirm(`Delete ${removing.map((s) => s.address).join(', ')}?`)))
      throw new CommandFailed('Not confirmed: nothing was changed');
  }

  const applied = await withProgress(`Applying ${source}`, (update) =>
    executePlan(steps, (step) => update(`${VERBS[step.action]} ${step.address}`)),
  ).catch((error: unknown) => {
    if (error instanceof Interrupted)
      say(`Stopped: what was done stays done; running apply again carries on from there`);
    throw error;
  });
  if (options.wait && !applied.failure) {
    const settling = steps.filter((s) => s.settle && applied.outcomes.get(s) === 'done');
    await withProgress(`Waiting for ${settling.length} resource(s)`, () =>
      Promise.all(settling.map((s) => s.settle!())),
    );
  }
  await print(reportRows(steps, applied.outcomes), { ...globals, columns: REPORT_COLUMNS });
  // -q prints ids only: what a created resource shows once (a webhook's signing secret) goes to
  // stderr then, or it would be lost for good.
  if (globals.quiet) {
    for (const step of steps) {
      if (
        applied.outcomes.get(step) === 'done' &&
        step.note &&
        (step.action === 'create' || step.action === 'replace')
      )
        say(`${step.address}: ${step.note}`);
    }
  }
  warnReplacements(steps);
  warnDuplicates(steps);
  noteUncompared(steps);
  if (applied.failure) {
    const done = steps.filter((s) => applied.outcomes.get(s) === 'done').map((s) => s.address);
    const notDone = steps.filter((s) => applied.outcomes.get(s) === 'not done').map((s) => s.address);
    throw new CommandFailed(
      [
        `${applied.failure.step.address}: ${errorText(applied.failure.error)}`,
        ...requestIdLines(applied.failure.error),
        `done: ${done.length > 0 ? done.join(', ') : 'nothing'}`,
        `not done: ${[applied.failure.step.address, ...notDone].join(', ')}`,
      ].join('\n'),
    );
  }
  say(
    matches
      ? `No changes: project "${doc.project.name}" already matches ${source}`
      : `Applied ${source} to project "${doc.project.name}": ${summary(counts, 'done')}`,
  );
  // The rest is applied, but the project does not match the file: a script must notice.
  if (blocked) throw new CommandFailed(replaceNeededText(steps));
}

/** `nimbus export`: the project as a tenant file, naming what it leaves out. */
export async function exportProject(options: { file?: string }, globals: GlobalOptions): Promise<void> {
  const { client } = await commandContext(globals);
  const projectId = client.projectId;
  if (!projectId) throw new UsageError('No project: pass --project <id> or pick one with `nimbus use <id>`');
  const { supported } = supportedKinds(client);
  const target = new Target(client, orderKinds(supported));
  const [{ doc, duplicates }, leftOut] = await withProgress('Exporting', async () => {
    const exported = await exportTenant(target, projectId);
    return [exported, await leftOutGroups(target)] as const;
  });
  for (const { address, id, kept } of duplicates) {
    say(
      `warning: ${address} (${id}) not exported: the file holds the other one of that name (${kept}); \`apply --prune\` of it deletes this one`,
    );
  }
  if (leftOut.length > 0) {
    const named = leftOut
      .map((entry) => `${entry.group.split('.').map(kebab).join(' ')} (${entry.count})`)
      .join(', ');
    say(`Not exported, tenant files do not cover them: ${named}`);
  }
  const json = options.file ? /\.json$/i.test(options.file) : globals.output === 'json';
  const text = json ? `${JSON.stringify(doc, null, 2)}\n` : stringify(doc);
  if (options.file) {
    await writeFile(options.file, text);
    say(`Wrote project "${(doc.project as { name: string }).name}" to ${options.file}`);
  } else {
    process.stdout.write(text);
  }
}

/**
 * What the plan cannot make match the file. `--allow-replace` is named only where it would
 * replace the resource; what apply cannot replace at all (a project) carries its own remedy.
 */
function warnReplacements(steps: readonly Step[]): void {
  for (const step of steps) {
    if (step.action !== 'replace needed') continue;
    const differs =
      step.changes.length > 0
        ? ` differs (${step.changes.map((change) => describeChange(change)).join('; ')}) and`
        : '';
    const remedy = step.manual ? '' : ': replace it by hand or pass --allow-replace';
    say(`warning: ${step.address}${differs} ${step.note}${remedy}`);
  }
}

/**
 * Secrets the server never shows back (a camera's RTSP password): apply sends the file's on
 * every run, and says why a run with nothing else to do still updates.
 */
function noteUncompared(steps: readonly Step[]): void {
  const byPart = new Map<string, string[]>();
  for (const step of steps) {
    if (step.action !== 'update') continue;
    for (const change of step.changes) {
      if (!change.uncompared) continue;
      const part = `${change.field} ${change.uncompared}`;
      byPart.set(part, [...(byPart.get(part) ?? []), step.address]);
    }
  }
  for (const [part, addresses] of byPart) {
    say(
      `note: ${addresses.join(', ')}: the ${part} is never shown back, so apply cannot compare it and sends the file's on every run (leave it out of the file to keep the current one)`,
    );
  }
}

/** Resources named like another one the file declares: the plan's rows say it, so does stderr. */
function warnDuplicates(steps: readonly Step[]): void {
  for (const step of steps) {
    if (step.action === 'duplicate') say(`warning: ${step.address} (${step.id}): ${step.note}`);
  }
}

/** "2 to create, 1 to update, 7 unchanged" (a plan) or "2 created, ..." (a result). */
function summary(counts: Record<Action, number>, tense: 'plan' | 'done' = 'plan'): string {
  const parts =
    tense === 'plan'
      ? [`${counts.create} to create`, `${counts.update} to update`]
      : [`${counts.create} created`, `${counts.update} updated`];
  if (counts.replace)
    parts.push(tense === 'plan' ? `${counts.replace} to replace` : `${counts.replace} replaced`);
  if (counts.delete) parts.push(tense === 'plan' ? `${counts.delete} to delete` : `${counts.delete} deleted`);
  parts.push(`${counts.unchanged} unchanged`);
  if (counts['replace needed']) parts.push(`${counts['replace needed']} replace needed`);
  if (counts.duplicate) parts.push(`${counts.duplicate} duplicate(s) left alone`);
  return parts.join(', ');
}

/** The closing error when resources still differ: `--allow-replace` is advised only where it helps. */
function replaceNeededText(steps: readonly Step[]): string {
  const left = steps.filter((s) => s.action === 'replace needed');
  const manual = left.filter((s) => s.manual).length;
  const replaceable = left.length - manual;
  const parts: string[] = [];
  if (replaceable > 0)
    parts.push(
      `${replaceable} resource(s) need replacing (see the warnings): replace them by hand, or pass --allow-replace`,
    );
  if (manual > 0)
    parts.push(
      `${manual} resource(s) differ from the file and apply can neither change nor replace them (see the warnings)`,
    );
  return parts.join('; ');
}

/** The line every other command prints under an API error: the id the server logged it under. */
function requestIdLines(error: unknown): string[] {
  return error instanceof APIError && error.requestId ? [`request id: ${error.requestId}`] : [];
}

function errorText(error: unknown): string {
  if (error instanceof APIError) return `${error.message} (${error.code ?? error.status})`;
  return error instanceof Error ? error.message : String(error);
}

/** Messages for people go to stderr, so stdout stays the plan or result. */
function say(line: string): void {
  process.stderr.write(`${line}\n`);
}
