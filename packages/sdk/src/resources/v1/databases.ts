import { pollUntil, type WaitOptions } from '../../core/wait';
import { DatabasesBase } from '../../generated/resources/v1/databases';
import type { Database, DatabaseStatus } from '../../generated/types';

/** Managed SQL databases of the client's project (`/api/v1/databases`). */
export class Databases extends DatabasesBase {
  /**
   * Polls the database until its status is `status` (or one of several), and returns it.
   *
   * @throws WaitTimeoutError after `timeoutMs` (default 5 minutes).
   */
  waitFor(
    id: string,
    status: DatabaseStatus | DatabaseStatus[],
    options: WaitOptions = {},
  ): Promise<Database> {
    const wanted = Array.isArray(status) ? status : [status];
    return pollUntil(
      () => this.retrieve(id, { signal: options.signal }),
      (database) => wanted.includes(database.status),
      `database ${id} to be ${wanted.join(' or ')}`,
      options,
    );
  }
}
