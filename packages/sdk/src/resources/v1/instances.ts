import { pollUntil, type WaitOptions } from '../../core/wait';
import { InstancesBase } from '../../generated/resources/v1/instances';
import type { Instance, InstanceStatus } from '../../generated/types';

/** Virtual machines of the client's project (`/api/v1/instances`). */
export class Instances extends InstancesBase {
  /**
   * Polls the instance until its status is `status` (or one of several), and returns it.
   *
   * @throws WaitTimeoutError after `timeoutMs` (default 5 minutes); `lastValue` is the last instance seen.
   * @example
   * const vm = await client.instances.create({ name: 'web-1', flavor: 'small', region: 'hn' });
   * const running = await client.instances.waitFor(vm.id, 'running', { timeoutMs: 60_000 });
   */
  waitFor(
    id: string,
    status: InstanceStatus | InstanceStatus[],
    options: WaitOptions = {},
  ): Promise<Instance> {
    const wanted = Array.isArray(status) ? status : [status];
    return pollUntil(
      () => this.retrieve(id, { signal: options.signal }),
      (instance) => wanted.includes(instance.status),
      `instance ${id} to be ${wanted.join(' or ')}`,
      options,
    );
  }
}
