import type { FunctionInvocation } from '@nimbus/sdk/contract';
import type { StoredRecord } from '../../../store/state';
import { defineTable } from '../../../store/store';

/**
 * One invocation. Billing counts these (GB-seconds = billed_ms x memory_mb), so rows stay
 * after their function is deleted: usage already happened.
 */
export type InvocationRow = FunctionInvocation & StoredRecord;

export const functionInvocations = defineTable<InvocationRow>('function_invocations');

/** Billing granularity: every run is charged in whole steps of this many ms. */
const BILLING_STEP_MS = 100;
/** Start-up work of every run, in ms at 128 MB. */
const BASE_MS = 10;
/** Payload bytes a 128 MB function gets through per ms; more memory means more CPU. */
const BYTES_PER_MS = 4;

export interface SimulatedRun {
  status: InvocationRow['status'];
  duration_ms: number;
  billed_ms: number;
  logs: string[];
}

/**
 * What running a function on `payload` costs, deterministically: start-up plus time
 * proportional to the payload's size, divided by the CPU share (memory / 128 MB). A run
 * longer than the timeout fails at the timeout, like a real platform kills it.
 */
export function simulateRun(
  fn: { memory_mb: number; timeout_sec: number; version: number },
  payload: Record<string, unknown> | undefined,
  requestId: string,
): SimulatedRun {
  const bytes = payload === undefined ? 0 : new TextEncoder().encode(JSON.stringify(payload)).length;
  // Integer numerator and denominator keep the division exact before rounding up.
  const needed = Math.ceil(((BASE_MS * BYTES_PER_MS + bytes) * 128) / (BYTES_PER_MS * fn.memory_mb));
  const limit = fn.timeout_sec * 1000;
  const timedOut = needed > limit;
  const duration = timedOut ? limit : needed;
  const billed = Math.ceil(duration / BILLING_STEP_MS) * BILLING_STEP_MS;
  const logs = [
    `START RequestId: ${requestId} Version: ${fn.version}`,
    `INFO Received event of ${bytes} bytes`,
    ...(timedOut ? [`ERROR Task timed out after ${fn.timeout_sec} seconds`] : []),
    `END RequestId: ${requestId}`,
    `REPORT RequestId: ${requestId} Duration: ${duration} ms Billed Duration: ${billed} ms Memory Size: ${fn.memory_mb} MB`,
  ];
  return { status: timedOut ? 'failed' : 'succeeded', duration_ms: duration, billed_ms: billed, logs };
}
