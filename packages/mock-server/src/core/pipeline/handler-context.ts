import type { Endpoint } from '@nimbus/sdk/contract';
import type { Principal } from '../services/principal';
import type { Runtime } from '../services/runtime';
import type { Context } from './handler';
import type { RequestHead } from './request';
import type { RequestTarget } from './request-target';

/** What the core knows of a request once it passed auth and validation. */
export interface HandlerContextFields {
  request: RequestHead;
  target: RequestTarget;
  endpoint: Endpoint;
  params: unknown;
  query: unknown;
  body: unknown;
  requestId: string;
  principal: Principal | undefined;
  projectId: string;
  tenantId: string;
  runtime: Runtime;
}

/**
 * The `Context` handed to a handler. A class rather than an object literal: `url` is built only
 * when a handler reads it, and V8 builds a literal with a getter slowly.
 */
export class HandlerContext implements Context {
  readonly request: RequestHead;
  readonly target: RequestTarget;
  readonly endpoint: Endpoint;
  readonly params: never;
  readonly query: never;
  readonly body: never;
  readonly requestId: string;
  readonly principal: Principal | undefined;
  readonly projectId: string;
  readonly tenantId: string;
  readonly runtime: Runtime;
  #instant: string | undefined;

  constructor(fields: HandlerContextFields) {
    this.request = fields.request;
    this.target = fields.target;
    this.endpoint = fields.endpoint;
    this.params = fields.params as never;
    this.query = fields.query as never;
    this.body = fields.body as never;
    this.requestId = fields.requestId;
    this.principal = fields.principal;
    this.projectId = fields.projectId;
    this.tenantId = fields.tenantId;
    this.runtime = fields.runtime;
  }

  get url(): URL {
    return this.target.url;
  }

  /**
   * A request happens at one instant: every record it stamps (created_at, expires_at derived
   * from it, its activity-log entry) shares that time, even across an await.
   */
  now(): string {
    this.#instant ??= this.runtime.clock.iso();
    return this.#instant;
  }
}
