/**
 * Browser entry of `@nimbus/sdk/base`: the client without its resource families, over
 * `globalThis.fetch`.
 */
export type { NimbusOptions } from './base-client';
export { BaseNimbus } from './base-client';
export * from './core/errors';
export type { CallInput, RawInput, RequestOptions } from './core/request';
export type { Route } from './core/route';
export type { Fetch } from './core/transport';
