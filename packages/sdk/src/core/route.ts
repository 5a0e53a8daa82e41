import type { ApiName, AuthKind, HttpMethod, ResponseKind } from './endpoint';

/**
 * What the SDK needs to know of an endpoint to call it: no schemas, so calling one does not load
 * zod. Generated from the contract (`generated/routes.ts`); `R` is the type of a successful result.
 */
export interface Route<R = unknown> {
  /** Operation id, e.g. `v1.instances.create`: finds the contract schema when responses are validated. */
  readonly id: string;
  readonly api: ApiName;
  readonly method: HttpMethod;
  /** Path template with `{param}` placeholders. */
  readonly path: string;
  readonly status: number;
  readonly auth: AuthKind;
  readonly project?: boolean;
  readonly list?: boolean;
  readonly responseKind?: ResponseKind;
  /** Never set: carries the result type to the methods that call the route. */
  readonly __result?: R;
}
