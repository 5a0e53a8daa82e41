import type { TokenPair } from '../generated/types';
import type { WithResponse } from './api-promise';
import { NimbusError } from './errors';

export type TokenListener = (tokens: TokenPair) => void;

/** Trades a refresh token for a new pair through `POST /api/v1/auth/refresh`. */
export type Exchange = (refreshToken: string) => Promise<WithResponse<TokenPair>>;

export interface SessionInit {
  accessToken?: string | undefined;
  refreshToken?: string | undefined;
  onTokens?: TokenListener | undefined;
}

/**
 * The caller's tokens, shared by a client and every `withProject()` copy of it, so a login or
 * a refresh through one of them serves all.
 */
export class Session {
  #accessToken: string | undefined;
  #refreshToken: string | undefined;
  readonly #onTokens: TokenListener | undefined;
  /** The refresh under way; every request that meets a 401 meanwhile waits for this one. */
  #renewal: Promise<WithResponse<TokenPair>> | undefined;

  constructor(init: SessionInit = {}) {
    this.#accessToken = init.accessToken;
    this.#refreshToken = init.refreshToken;
    this.#onTokens = init.onTokens;
  }

  get accessToken(): string | undefined {
    return this.#accessToken;
  }

  get refreshToken(): string | undefined {
    return this.#refreshToken;
  }

  /** Stores a new pair (after login or refresh) and hands it to `onTokens` so it can be persisted. */
  setTokens(tokens: TokenPair): void {
    this.#accessToken = tokens.access_token;
    this.#refreshToken = tokens.refresh_token;
    this.#onTokens?.({
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      token_type: tokens.token_type,
      expires_in: tokens.expires_in,
    });
  }

  /** Forgets both tokens (after logout). */
  clear(): void {
    this.#accessToken = undefined;
    this.#refreshToken = undefined;
  }

  /**
   * Exchanges the refresh token for a new pair and stores it. Concurrent callers share one
   * exchange: refresh tokens are single use, and presenting one twice revokes the session.
   */
  refresh(exchange: Exchange): Promise<WithResponse<TokenPair>> {
    if (this.#renewal === undefined) {
      const refreshToken = this.#refreshToken;
      if (refreshToken === undefined) {
        return Promise.reject(new NimbusError('No refresh token: log in first, or pass { refresh_token }.'));
      }
      this.#renewal = exchange(refreshToken)
        .then((result) => {
          this.setTokens(result.data);
          return result;
        })
        .finally(() => {
          this.#renewal = undefined;
        });
    }
    return this.#renewal;
  }

  /**
   * Gets a new access token after `staleAccessToken` was refused. A caller whose token was
   * already replaced meanwhile (by a refresh that finished while its request was out) does
   * not refresh again; it replays with the current token.
   *
   * @returns whether there is a newer access token to replay the request with.
   */
  async renew(staleAccessToken: string, exchange: Exchange): Promise<boolean> {
    if (this.#accessToken !== undefined && this.#accessToken !== staleAccessToken) return true;
    try {
      await this.refresh(exchange);
      return true;
    } catch {
      // The caller surfaces its own 401: that is the error the user can act on (log in again).
      return false;
    }
  }
}
