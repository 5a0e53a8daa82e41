import { pollUntil, type WaitOptions } from '../../core/wait';
import { FunctionsBase } from '../../generated/resources/v1/functions';
import type { FunctionRecord, FunctionStatus } from '../../generated/types';

/** Serverless functions of the client's project (`/api/v1/functions`). */
export class Functions extends FunctionsBase {
  /**
   * Polls the function until its status is `status` (or one of several), and returns it.
   *
   * @throws WaitTimeoutError after `timeoutMs` (default 5 minutes).
   */
  waitFor(
    id: string,
    status: FunctionStatus | FunctionStatus[],
    options: WaitOptions = {},
  ): Promise<FunctionRecord> {
    const wanted = Array.isArray(status) ? status : [status];
    return pollUntil(
      () => this.retrieve(id, { signal: options.signal }),
      (fn) => wanted.includes(fn.status),
      `function ${id} to be ${wanted.join(' or ')}`,
      options,
    );
  }
}
