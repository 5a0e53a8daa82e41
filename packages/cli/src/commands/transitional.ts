/**
 * States a resource passes through on its way somewhere: an operation whose answer may hold one
 * takes `--wait`, which polls the resource until it leaves them.
 */
export const TRANSITIONAL: ReadonlySet<string> = new Set([
  'provisioning',
  'starting',
  'stopping',
  'scaling',
  'failing_over',
  'executing',
  'drilling',
  'pending',
  'generating',
  'connecting',
  'deploying',
]);
