import type { BaseNimbus } from '../base-client';

/**
 * Base of every resource family (`client.instances`, `client.projects`, ...). A family is a
 * thin, typed face over contract endpoints: each method hands one generated route
 * (`generated/routes.ts`) to `this._client.call()` or `this._client.list()`, which do everything else.
 */
export class APIResource {
  protected readonly _client: BaseNimbus;

  constructor(client: BaseNimbus) {
    this._client = client;
  }
}
