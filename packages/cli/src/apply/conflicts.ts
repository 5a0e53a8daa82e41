import { NotFoundError } from '@nimbus/sdk';
import type { Step } from './plan';
import type { Target } from './target';

/**
 * Names a dry run cannot see in the project but the real run would collide with: bucket
 * names are global, so one another project holds fails the create. The reference server
 * answers that through its control routes without creating anything; a server without them
 * (404) cannot be asked, and stderr says the names went unchecked.
 */
export async function globalNameConflicts(target: Target, steps: readonly Step[]): Promise<string[]> {
  const names = steps
    .filter((step) => step.action === 'create' && step.address.startsWith('buckets/'))
    .map((step) => step.address.slice('buckets/'.length));
  if (names.length === 0) return [];
  let answers: { name: string; available: boolean }[];
  try {
    answers = await Promise.all(names.map((name) => target.root.mock.bucketNames.retrieve(name)));
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    process.stderr.write(
      'Bucket names not checked against other projects: the server has no /__mock control routes\n',
    );
    return [];
  }
  return answers
    .filter((answer) => !answer.available)
    .map(
      (answer) => `buckets/${answer.name}: the name is taken by another project (bucket names are global)`,
    );
}
