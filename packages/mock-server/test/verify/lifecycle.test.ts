import { describe, expect, it } from 'vitest';
import { followLifecycle, LIFECYCLES, type ReadState } from '../../src/verify/lifecycle';

/** A read that answers the given states in turn, then the last one again. */
function reads(...states: string[]): ReadState {
  let at = 0;
  return async () => ({ state: states[Math.min(at++, states.length - 1)], requestId: null });
}

const camera = LIFECYCLES['v2.cameras.create']!;
const instance = LIFECYCLES['v1.instances.create']!;

describe('followLifecycle', () => {
  it('finds nothing when the states come in their order', async () => {
    const result = await followLifecycle(instance, 'provisioning', reads('provisioning', 'running'), {
      timeoutMs: 5_000,
    });
    expect(result.findings).toEqual([]);
    expect(result.visited).toEqual(['provisioning', 'running']);
  });

  it('reports a state out of the order', async () => {
    const result = await followLifecycle(instance, 'provisioning', reads('stopped'), { timeoutMs: 5_000 });
    expect(result.findings).toEqual([
      {
        check: 'lifecycle',
        path: 'status',
        expected: 'provisioning -> running',
        actual: 'provisioning -> stopped',
      },
    ]);
  });

  it('ends without a finding at a state the record may take at any moment (a camera gone offline)', async () => {
    const result = await followLifecycle(camera, 'connecting', reads('offline'), { timeoutMs: 5_000 });
    expect(result.findings).toEqual([]);
    expect(result.visited).toEqual(['connecting', 'offline']);
  });

  it('reports a lifecycle that does not end within the bound', async () => {
    const result = await followLifecycle(camera, 'connecting', reads('connecting'), { timeoutMs: 120 });
    expect(result.findings).toEqual([
      expect.objectContaining({ check: 'lifecycle', actual: 'still connecting (visited connecting)' }),
    ]);
  });
});
