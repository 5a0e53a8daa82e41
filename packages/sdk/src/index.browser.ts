/**
 * Browser entry of `@nimbus/sdk`: the same API as the Node entry, over `globalThis.fetch`.
 * It never imports undici or any other Node module.
 */
export { BaseNimbus } from './base-client';
export { Nimbus } from './client';
export * from './exports';
