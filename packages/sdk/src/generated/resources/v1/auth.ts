// Generated from the contract by scripts/generate-sdk-resources.mjs. Do not edit: extend the class in src/resources/.

import type { APIPromise } from '../../../core/api-promise';
import { APIResource } from '../../../core/api-resource';
import type { RequestOptions } from '../../../core/request';
import { v1 } from '../../routes';
import type { AuthLoginParams, AuthLogoutResponse, AuthMfaEnrollParams, AuthRefreshParams, AuthRegisterParams, AuthWorkloadTokenParams, LoginResult, MfaEnrollment, TokenPair, User, WorkloadToken } from '../../types';

/** Register, log in, refresh and revoke tokens, enrol MFA, and issue workload tokens. */
export class AuthBase extends APIResource {
  /** Register a user. */
  register(body: AuthRegisterParams, options?: RequestOptions): APIPromise<User> {
    return this._client.call(v1.auth.register, { body }, options);
  }

  /** Log in with email and password (and TOTP code when MFA is on). */
  login(body: AuthLoginParams, options?: RequestOptions): APIPromise<LoginResult> {
    return this._client.call(v1.auth.login, { body }, options);
  }

  /** Exchange a refresh token for a new pair (rotation; reuse revokes the session). */
  refresh(body: AuthRefreshParams, options?: RequestOptions): APIPromise<TokenPair> {
    return this._client.call(v1.auth.refresh, { body }, options);
  }

  /** Revoke the caller's session: its refresh token and access tokens. */
  logout(options?: RequestOptions): APIPromise<AuthLogoutResponse> {
    return this._client.call(v1.auth.logout, {}, options);
  }

  /** Start TOTP enrolment, or confirm it with a code. */
  mfaEnroll(body?: AuthMfaEnrollParams, options?: RequestOptions): APIPromise<MfaEnrollment> {
    return this._client.call(v1.auth.mfaEnroll, { body }, options);
  }

  /** Issue a workload token for a project (the /v2 tenant). */
  workloadToken(body: AuthWorkloadTokenParams, options?: RequestOptions): APIPromise<WorkloadToken> {
    return this._client.call(v1.auth.workloadToken, { body }, options);
  }
}
