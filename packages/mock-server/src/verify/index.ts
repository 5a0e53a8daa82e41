import { VerifyRun } from './run';
import type { VerifyOptions, VerifyResult } from './types';

export { STREAM_OPERATION } from './media-checks';
export { reportJson, reportJunit, reportTable, summaryLine } from './report';
export * from './types';

/**
 * Checks a deployment of /api/v1 and /v2 against the contract and the reference behaviour:
 * signs in, makes a project of its own, sends every operation it can with valid input and with
 * the invalid inputs the contract names, follows lifecycles on the target's clock, reads the
 * event stream and an HLS playlist, then deletes what it made (also when `signal` aborts it,
 * which rejects with `VerifyInterruptedError` once the deletes are done).
 *
 * @example
 * const result = await verifyDeployment({
 *   target: 'https://staging.example.com',
 *   credentials: { email: 'ci@example.com', password: process.env.NIMBUS_PASSWORD! },
 * });
 * if (result.divergences.length > 0) console.log(reportTable(result));
 */
export function verifyDeployment(options: VerifyOptions): Promise<VerifyResult> {
  return new VerifyRun(options).execute();
}
