/**
 * Everything both entry points export except `Nimbus` itself, whose default transport is
 * the one thing that differs between Node and browsers.
 */
export type { NimbusOptions } from './client';
export type { ErrorCode } from './contract/common';
export type {
  BodyOf,
  Endpoint,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from './contract/define';
export type { LoginResult, TokenPair, User } from './contract/v1/auth';
export type { Instance, InstanceStatus } from './contract/v1/instances';
export type { Project } from './contract/v1/projects';
export { APIPromise, type WithResponse } from './core/api-promise';
export { APIResource } from './core/api-resource';
export {
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NimbusError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  UnprocessableEntityError,
  type ValidationIssue,
  WaitTimeoutError,
} from './core/errors';
export { Page, PagePromise } from './core/pagination';
export type { CallInput, RequestOptions } from './core/request';
export { Session, type TokenListener } from './core/session';
export type { Fetch } from './core/transport';
export type { WaitOptions } from './core/wait';
export { Mock } from './resources/mock';
export { Auth } from './resources/v1/auth';
export { Instances } from './resources/v1/instances';
export { Projects } from './resources/v1/projects';
export { Users } from './resources/v1/users';
export { VERSION } from './version';
