import { APIPromise } from '../../core/api-promise';
import { APIResource } from '../../core/api-resource';
import type { RequestOptions } from '../../core/request';
import { v1 } from '../../generated/routes';
import type {
  AuthLoginParams,
  AuthLogoutResponse,
  AuthMfaEnrollParams,
  AuthRefreshParams,
  AuthRegisterParams,
  AuthWorkloadTokenParams,
  LoginResult,
  MfaEnrollment,
  TokenPair,
  User,
  WorkloadToken,
} from '../../generated/types';

/** Registration, login and tokens (`/api/v1/auth/*`). */
export class Auth extends APIResource {
  register(body: AuthRegisterParams, options?: RequestOptions): APIPromise<User> {
    return this._client.call(v1.auth.register, { body }, options);
  }

  /**
   * Logs in, returns the `LoginResult` and stores its tokens on the client's session: later
   * calls (through this client and its `withProject()` copies) are authenticated, and
   * `onTokens` receives the pair.
   */
  login(body: AuthLoginParams, options?: RequestOptions): APIPromise<LoginResult> {
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
  refresh(body?: AuthRefreshParams, options?: RequestOptions): APIPromise<TokenPair> {
    const exchange = (refreshToken: string) =>
      this._client.call(v1.auth.refresh, { body: { refresh_token: refreshToken } }, options).withResponse();
    if (body === undefined) return new APIPromise(this._client.session.refresh(exchange));
    return this._client.call(v1.auth.refresh, { body }, options).map((tokens) => {
      this._client.session.setTokens(tokens);
      return tokens;
    });
  }

  /** Revokes the session on the server, then forgets the tokens locally. */
  logout(options?: RequestOptions): APIPromise<AuthLogoutResponse> {
    return this._client.call(v1.auth.logout, {}, options).map((result) => {
      this._client.session.clear();
      return result;
    });
  }

  /** Starts TOTP enrolment (no body), or enables MFA with `{ code }`. */
  mfaEnroll(body?: AuthMfaEnrollParams, options?: RequestOptions): APIPromise<MfaEnrollment> {
    return this._client.call(v1.auth.mfaEnroll, { body }, options);
  }

  /**
   * Issues a workload token for a project (the /v2 tenant). It is returned, not stored: the
   * session keeps the user's own token.
   */
  workloadToken(body: AuthWorkloadTokenParams, options?: RequestOptions): APIPromise<WorkloadToken> {
    return this._client.call(v1.auth.workloadToken, { body }, options);
  }
}
