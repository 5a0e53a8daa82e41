import type { Finding } from './exchange-check';

/**
 * The lifecycles of docs/decisions/0004-lifecycles.md, by the operation that starts one: the
 * state its answer shows, the states it may pass through in order, and the state it ends in.
 * The follower reads the record again on the target's own clock until it ends, within a bound.
 */
export interface Lifecycle {
  /** The operation that reads the record again (`v1.instances.retrieve`), or a list holding it. */
  retrieve: string;
  /** The states in their order, the first the one the starting answer shows. */
  states: readonly string[];
  /** The field holding the state. */
  field: string;
  /**
   * States the record may take at any moment, outside the order (a camera the simulator takes
   * offline): once one is read, the order can no longer be seen, and the follow ends without a
   * finding.
   */
  outside?: readonly string[];
}

export const LIFECYCLES: Record<string, Lifecycle> = {
  'v1.instances.create': {
    retrieve: 'v1.instances.retrieve',
    field: 'status',
    states: ['provisioning', 'running'],
  },
  'v1.instances.stop': {
    retrieve: 'v1.instances.retrieve',
    field: 'status',
    states: ['stopping', 'stopped'],
  },
  'v1.instances.start': {
    retrieve: 'v1.instances.retrieve',
    field: 'status',
    states: ['starting', 'running'],
  },
  'v1.functions.create': {
    retrieve: 'v1.functions.retrieve',
    field: 'status',
    states: ['deploying', 'active'],
  },
  'v1.functions.update': {
    retrieve: 'v1.functions.retrieve',
    field: 'status',
    states: ['deploying', 'active'],
  },
  'v1.databases.create': {
    retrieve: 'v1.databases.retrieve',
    field: 'status',
    states: ['provisioning', 'available'],
  },
  'v1.cacheInstances.create': {
    retrieve: 'v1.cacheInstances.retrieve',
    field: 'status',
    states: ['provisioning', 'available'],
  },
  'v1.cacheInstances.scale': {
    retrieve: 'v1.cacheInstances.retrieve',
    field: 'status',
    states: ['scaling', 'available'],
  },
  'v1.reports.create': {
    retrieve: 'v1.reports.retrieve',
    field: 'status',
    states: ['pending', 'generating', 'completed'],
  },
  // /v2 has no read of one camera: the list is read for it.
  'v2.cameras.create': {
    retrieve: 'v2.cameras.list',
    field: 'status',
    states: ['connecting', 'online'],
    outside: ['offline', 'error'],
  },
};

/** Reads the record's state, once per call: undefined when it could not be read. */
export type ReadState = () => Promise<{ state: unknown; requestId: string | null } | undefined>;

export interface FollowOptions {
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * Follows a lifecycle from the state the starting answer showed: each state read must come at
 * or after the one before it in the documented order, and the last one must be reached within
 * the bound. Polls fast at first, then every second. A state the record may take at any moment
 * (`outside`) ends the follow: what came before it is all that can be checked.
 */
export async function followLifecycle(
  lifecycle: Lifecycle,
  first: unknown,
  read: ReadState,
  options: FollowOptions,
): Promise<{ checks: number; findings: Finding[]; visited: string[] }> {
  const { states, field } = lifecycle;
  const end = states[states.length - 1]!;
  const findings: Finding[] = [];
  const visited = [String(first)];
  let checks = 1;
  if (first !== states[0]) {
    findings.push({ check: 'lifecycle', path: field, expected: states[0]!, actual: String(first) });
    return { checks, findings, visited };
  }
  let at = 0;
  const deadline = Date.now() + options.timeoutMs;
  let wait = 50;
  while (at < states.length - 1) {
    if (Date.now() > deadline) {
      checks++;
      findings.push({
        check: 'lifecycle',
        path: field,
        expected: `${end} within ${Math.round(options.timeoutMs / 1000)} s`,
        actual: `still ${states[at]} (visited ${visited.join(' -> ')})`,
      });
      break;
    }
    await sleep(wait, options.signal);
    wait = Math.min(wait * 2, 1000);
    const read_ = await read();
    if (!read_) break;
    const state = String(read_.state);
    if (state !== visited[visited.length - 1]) visited.push(state);
    if (lifecycle.outside?.includes(state)) break;
    const index = states.indexOf(state, at);
    if (index === -1) {
      checks++;
      findings.push({
        check: 'lifecycle',
        path: field,
        expected: states.slice(at).join(' -> '),
        actual: visited.join(' -> '),
      });
      break;
    }
    at = index;
  }
  return { checks: checks + 1, findings, visited };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
