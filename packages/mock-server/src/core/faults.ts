import { ErrorCode } from '@nimbus/sdk/contract';
import { HttpError } from './http-error';

export interface FaultSpec {
  method?: string;
  path?: string;
  status?: number;
  delay_ms?: number;
  times?: number;
}

interface Fault extends FaultSpec {
  id: string;
  remaining: number | null;
}

const CODE_BY_STATUS: Record<number, string> = {
  400: ErrorCode.VALIDATION_ERROR,
  401: ErrorCode.UNAUTHENTICATED,
  403: ErrorCode.FORBIDDEN,
  404: ErrorCode.NOT_FOUND,
  409: ErrorCode.CONFLICT,
  429: ErrorCode.RATE_LIMITED,
  503: ErrorCode.SERVICE_UNAVAILABLE,
};

/** Injected faults (`POST /__mock/faults`): a delay, an error status, or both, for matching requests. */
export class Faults {
  #faults: Fault[] = [];

  add(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, id: crypto.randomUUID(), remaining: spec.times ?? null };
    this.#faults.push(fault);
    return fault;
  }

  clear(): void {
    this.#faults = [];
  }

  /** Services whose routes currently fail (for /service-status). */
  active(): readonly Fault[] {
    return this.#faults;
  }

  /** Consumes one use of the first fault matching the request, if any. */
  take(method: string, pathname: string): Fault | undefined {
    const fault = this.#faults.find((f) => matches(f, method, pathname));
    if (!fault) return undefined;
    if (fault.remaining !== null && --fault.remaining <= 0)
      this.#faults = this.#faults.filter((f) => f !== fault);
    return fault;
  }

  static errorOf(fault: Fault): HttpError | undefined {
    if (!fault.status) return undefined;
    const code =
      CODE_BY_STATUS[fault.status] ?? (fault.status >= 500 ? ErrorCode.INTERNAL_ERROR : 'INJECTED_FAULT');
    const headers: Record<string, string> = fault.status === 429 ? { 'Retry-After': '1' } : {};
    return new HttpError(
      fault.status,
      code,
      `Injected fault (${fault.status})`,
      { fault_id: fault.id },
      headers,
    );
  }
}

function matches(fault: Fault, method: string, pathname: string): boolean {
  if (pathname.startsWith('/__mock')) return false; // the control plane itself never fails
  if (fault.method && fault.method !== method) return false;
  if (!fault.path) return true;
  return fault.path.endsWith('*') ? pathname.startsWith(fault.path.slice(0, -1)) : pathname === fault.path;
}
