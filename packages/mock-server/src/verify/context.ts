import type { Cleanup, Made } from './cleanup';
import type { ExchangeVerdict } from './exchange-check';
import type { RequestInput, Slot } from './fixtures';
import type { Exchange, SendOptions, TargetClient } from './http';
import type { Ledger } from './ledger';
import type { PlannedOperation } from './plan';
import type { VerifyOptions } from './types';

/** The second tenant: a user of the run's own, made when the target lets anyone register. */
export interface OtherTenant {
  email: string;
  password: string;
  userId: string;
  token: string;
  projectId?: string;
  workloadToken?: string;
}

/**
 * What the phases of a run (sign-in, invalid inputs, media) work with: the run's identity on
 * the target, its requests and records, and the ledger they report to.
 */
export interface VerifyContext {
  readonly options: VerifyOptions;
  readonly client: TargetClient;
  readonly ledger: Ledger;
  readonly cleanup: Cleanup;
  /** Unique on the whole deployment: names and emails of the run. */
  readonly suffix: string;
  readonly startedAt: Date;
  readonly lifecycleTimeoutMs: number;
  token: string | undefined;
  apiKey: string | undefined;
  projectId: string;
  userId: string;
  workloadToken: string | undefined;
  other: OtherTenant | undefined;
  op(id: string): PlannedOperation;
  /** Sends with the operation's credentials, unchecked. */
  send(op: PlannedOperation, input: RequestInput, override?: Partial<SendOptions>): Promise<Exchange>;
  /** Sends with valid input and checks the answer as the operation's success. */
  exchange(op: PlannedOperation, input: RequestInput): Promise<Exchange>;
  exchangeChecked(op: PlannedOperation, exchange: Exchange): void;
  note(operation: string, verdict: ExchangeVerdict, requestId: string | null): void;
  input(op: PlannedOperation, slot?: Slot): Promise<RequestInput>;
  record(slot: Slot): Promise<Record<string, unknown> | null>;
  known(slot: Slot, record: Record<string, unknown>): void;
  track(
    collection: string,
    create: PlannedOperation,
    record: Record<string, unknown>,
    createdAt: string,
  ): Made;
}
