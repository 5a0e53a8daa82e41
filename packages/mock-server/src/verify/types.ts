import type { Divergence as ExchangeDivergence } from '../fidelity';

/** Who `verifyDeployment` acts as on the target: one of the ways the CLI takes credentials. */
export type VerifyCredentials =
  | { email: string; password: string }
  | { accessToken: string }
  /** A project's API key: it reaches that project's /api/v1 routes only. */
  | { apiKey: string; projectId: string };

export interface VerifyOptions {
  /** Base URL of the deployment serving /api/v1 and /v2 (`https://staging.example.com`). */
  target: string;
  credentials: VerifyCredentials;
  /** Contract ids to check, as globs (`v1.instances.*`); all operations when empty. */
  only?: readonly string[];
  /** Sends no request that writes: for a production deployment. */
  readOnly?: boolean;
  /** Longest wait for one lifecycle to reach its end state, on the target's own clock (ms). */
  lifecycleTimeoutMs?: number;
  /** How long to wait for the realtime stream's first events (ms, default 5000). */
  streamWaitMs?: number;
  /** The project to read with `readOnly` (default: the first the user has). */
  projectId?: string;
  /** Basic-auth credentials of `/v2/metrics`, which is skipped without them. */
  metricsCredentials?: { user: string; password: string };
  /** Time limit of each request (ms). */
  requestTimeoutMs?: number;
  /** Stops the run between two requests; what was made is deleted before the call settles. */
  signal?: AbortSignal;
  /** The fetch to send with (a proxy-aware one, a test's recorder). */
  fetch?: typeof fetch;
  /** Told of each operation as it is checked, for a progress line. */
  onProgress?: (operation: string) => void;
}

/**
 * One place where the target answered otherwise than the contract or the reference behaviour:
 * the single-exchange check's divergence, whose `check` may also be `lifecycle`, `websocket` or
 * `hls`, and whose `operation` is `v2.events.stream` for the WebSocket.
 */
export type Divergence = Omit<ExchangeDivergence, 'check'> & {
  check: ExchangeDivergence['check'] | VerifyCheck;
};

/** The checks verify makes beyond one exchange. */
export type VerifyCheck = 'lifecycle' | 'websocket' | 'hls';

export interface Skipped {
  operation: string;
  reason: string;
}

/** The report: `nimbus verify -o json` prints it as it is. */
export interface VerifyReport {
  target: string;
  /** Operations checked (at least one exchange each). */
  operations: number;
  /** Checks made, passed or not. */
  checks: number;
  divergences: Divergence[];
  skipped: Skipped[];
}

/** What one operation came to, for the table and JUnit: checks made and divergences found. */
export interface OperationTally {
  operation: string;
  checks: number;
  divergences: number;
}

/** The report and the tallies it was counted from. */
export interface VerifyResult extends VerifyReport {
  tallies: OperationTally[];
  /** What could not be deleted afterwards (`POST /api/v1/projects` has no delete), for the operator. */
  leftBehind: string[];
}

/** A target that could not be reached at all: the CLI exits 2 naming its URL. */
export class TargetUnreachableError extends Error {
  override readonly name = 'TargetUnreachableError';
  constructor(
    readonly target: string,
    cause: string,
  ) {
    super(`cannot reach ${target} (${cause})`);
  }
}

/**
 * The run was stopped by its signal: what it made was deleted first, and what could not be is
 * in `leftBehind`.
 */
export class VerifyInterruptedError extends Error {
  override readonly name = 'VerifyInterruptedError';
  constructor(
    readonly reason: unknown,
    readonly leftBehind: string[],
  ) {
    super('verify was interrupted; what it made was deleted');
  }
}

/** The credentials were refused: no check can run. */
export class VerifyAuthenticationError extends Error {
  override readonly name = 'VerifyAuthenticationError';
}
