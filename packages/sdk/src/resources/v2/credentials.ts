import type { BaseNimbus } from '../../base-client';
import { APIResource } from '../../core/api-resource';
import { NimbusError } from '../../core/errors';
import type { RequestOptions } from '../../core/request';

/** A /v2 resource: its calls send the workload token of `credentials`. */
export class VideoResource extends APIResource {
  protected readonly _credentials: VideoCredentials;

  constructor(client: BaseNimbus, credentials: VideoCredentials) {
    super(client);
    this._credentials = credentials;
  }
}

/**
 * The workload token of /v2 calls: one bound with `client.video.withToken()`, else the client's
 * own access token (a client made with `accessToken: workloadToken`).
 */
export class VideoCredentials {
  readonly #client: BaseNimbus;
  readonly #bound: string | undefined;

  constructor(client: BaseNimbus, bound: string | undefined) {
    this.#client = client;
    this.#bound = bound;
  }

  /** The token for URLs (`?token=`): WebSockets and HLS players cannot send headers. */
  token(): string {
    const token = this.#current();
    if (token === undefined) {
      throw new NimbusError(
        'No token for /v2: get one from client.auth.workloadToken() and use client.video.withToken(token).',
      );
    }
    return token;
  }

  /**
   * Call options that send the token. Bearer routes get the session's token from the client
   * anyway, so only a bound one is added; `always` adds it for routes the client sends none to
   * (the `?token=` routes also take a header). Without a token the call goes out bare and the
   * server answers 401.
   */
  options(options?: RequestOptions, always = false): RequestOptions | undefined {
    const token = always ? this.#current() : this.#bound;
    if (token === undefined) return options;
    return { ...options, headers: { authorization: `Bearer ${token}`, ...options?.headers } };
  }

  #current(): string | undefined {
    return this.#bound ?? this.#client.session.accessToken;
  }
}
