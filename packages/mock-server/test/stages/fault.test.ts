import { describe, expect, it } from 'vitest';
import { RequestTarget } from '../../src/core/pipeline/request-target';
import { applyFault } from '../../src/core/pipeline/stages/fault';
import { Faults } from '../../src/core/services/faults';

const get = (path: string) =>
  [
    { method: 'GET', url: `http://localhost${path}`, headers: new Headers() },
    new RequestTarget(`http://localhost${path}`),
  ] as const;

describe('fault stage', () => {
  it('answers nothing to wait for when no fault matches', () => {
    expect(applyFault(new Faults(), ...get('/api/v1/instances'))).toBeUndefined();
  });

  it('throws the injected status for a matching request, as often as asked', async () => {
    const faults = new Faults();
    faults.add({ path: '/api/v1/instances', status: 503, times: 1 });
    await expect(applyFault(faults, ...get('/api/v1/instances'))).rejects.toMatchObject({ status: 503 });
    expect(applyFault(faults, ...get('/api/v1/instances'))).toBeUndefined();
  });
});
