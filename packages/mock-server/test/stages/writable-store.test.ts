import { mock, v1 } from '@nimbus/sdk/contract';
import { describe, expect, it } from 'vitest';
import { requireWritableStore } from '../../src/core/pipeline/stages/writable-store';
import type { Store } from '../../src/store/store';

const store = (ok: boolean) =>
  ({ health: () => (ok ? { ok } : { ok, reason: 'disk full' }) }) as unknown as Store;

describe('writable-store stage', () => {
  it('refuses API writes with 503 while the state cannot be saved', () => {
    expect(() => requireWritableStore(store(false), 'POST', v1.instances.create)).toThrow(
      expect.objectContaining({ status: 503, details: { reason: 'disk full' } }),
    );
    expect(() => requireWritableStore(store(true), 'POST', v1.instances.create)).not.toThrow();
  });

  it('lets reads and control routes through, to look and to repair', () => {
    expect(() => requireWritableStore(store(false), 'GET', v1.instances.list)).not.toThrow();
    expect(() => requireWritableStore(store(false), 'PUT', mock.state.import)).not.toThrow();
  });
});
