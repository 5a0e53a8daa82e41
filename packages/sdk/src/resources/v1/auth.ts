import { APIPromise } from '../../core/api-promise';
import type { RequestOptions } from '../../core/request';
import { AuthBase } from '../../generated/resources/v1/auth';
import { v1 } from '../../generated/routes';
import type {
  AuthLoginParams,
  AuthLogoutResponse,
  AuthRefreshParams,
  LoginResult,
  TokenPair,
} from '../../generated/types';

/**
 * Registration, login and tokens (`/api/v1/auth/*`): the generated methods, with login, refresh
 * and logout keeping the client's session.
 */
export class Auth extends AuthBase {
  /**
   * Logs in, returns the `LoginResult` and stores its tokens on the client's session: later
   * calls (through this client and its `withProject()` copies) are authenticated, and
   * `onTokens` receives the pair.
   */
  override login(body: AuthLoginParams, options?: RequestOptions): APIPromise<LoginResult> {
    return this._client.call(v1.auth.login, { body }, options).map((result) => {
      this._client.session.setTokens(result);
      return result;
    });
  }

  /**
   * Rotates the tokens and stores the new pair. Without a body it uses the session's refresh
   * token, sharing the exchange with any automatic refresh under way. The client already
   * refreshes on its own when an access token expires; this is for rotating on purpose.
   */
  override refresh(body?: AuthRefreshParams, options?: RequestOptions): APIPromise<TokenPair> {
    const exchange = (refreshToken: string) =>
      this._client.call(v1.auth.refresh, { body: { refresh_token: refreshToken } }, options).withResponse();
    if (body === undefined) return new APIPromise(this._client.session.refresh(exchange));
    return this._client.call(v1.auth.refresh, { body }, options).map((tokens) => {
      this._client.session.setTokens(tokens);
      return tokens;
    });
  }

  /** Revokes the session on the server, then forgets the tokens locally. */
  override logout(options?: RequestOptions): APIPromise<AuthLogoutResponse> {
    return this._client.call(v1.auth.logout, {}, options).map((result) => {
      this._client.session.clear();
      return result;
    });
  }
}
