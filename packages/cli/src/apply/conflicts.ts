import type { Step } from './plan';
import type { Target } from './target';

/**
 * Names a dry run cannot see in the project but the real run would collide with: bucket
 * names are global, so one another project holds fails the create. Asked of the server
 * without creating anything.
 */
export async function globalNameConflicts(target: Target, steps: readonly Step[]): Promise<string[]> {
  const names = steps
    .filter((step) => step.action === 'create' && step.address.startsWith('buckets/'))
    .map((step) => step.address.slice('buckets/'.length));
  const answers = await Promise.all(names.map((name) => target.root.buckets.checkName(name)));
  return answers
    .filter((answer) => !answer.available)
    .map(
      (answer) => `buckets/${answer.name}: the name is taken by another project (bucket names are global)`,
    );
}
