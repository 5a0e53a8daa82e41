/**
 * Everything both entry points export except `Nimbus` itself, whose default transport is
 * the one thing that differs between Node and browsers.
 */
export type { NimbusOptions } from './base-client';
export { APIPromise, type WithRequestID, type WithResponse } from './core/api-promise';
export { APIResource } from './core/api-resource';
export { CursorPage, CursorPagePromise } from './core/cursor-pagination';
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
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  ResponseValidationError,
  UnprocessableEntityError,
  type ValidationIssue,
  WaitTimeoutError,
  WebhookVerificationError,
  type WebhookVerificationFailure,
} from './core/errors';
export type { ClientLogLevel, LogFields, Logger } from './core/logger';
export { Page, PagePromise } from './core/pagination';
export type { CallInput, RawInput, RequestOptions } from './core/request';
export type { Route } from './core/route';
export { Session, type TokenListener } from './core/session';
export type { Fetch } from './core/transport';
export type { WaitOptions } from './core/wait';
export {
  globalWebSocket,
  type SocketHandlers,
  type StreamSocket,
  type WebSocketFactory,
} from './core/websocket';
// Every resource class, for typing a family (`(instances: Instances) => ...`).
export * from './generated/resources/classes';
// A named type per record, `...Params` per body and list query (the zod schemas stay in '@nimbus/sdk/contract').
export type * from './generated/types';
export type { OpenApiDocument } from './resources/docs';
export { EventStream, type EventStreamEvents, type EventStreamOptions } from './resources/v2/events/stream';
export type { PlaylistTarget, RecordedHour, SegmentTarget } from './resources/v2/playback';
export {
  type BudgetThresholdExceededData,
  type BudgetThresholdExceededEvent,
  type CloudEvent,
  isPlatformEvent,
  type PlatformEvent,
  type ResourceEvent,
  type ResourceEventData,
  type ResourceEventType,
  type WebhookHeaders,
  Webhooks,
  type WebhookVerifyOptions,
} from './resources/webhooks';
export { VERSION } from './version';
