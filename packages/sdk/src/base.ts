/**
 * Node entry of `@nimbus/sdk/base`: the client without its resource families, and what it needs
 * in Node, loaded without the rest of the SDK. Bundlers targeting browsers pick
 * `base.browser.ts` instead.
 */
import { type NimbusOptions, BaseNimbus as PortableBaseNimbus } from './base-client';
import { withNodeDefaults } from './node-defaults';

// The browser entry's names; the class below takes the place of its `BaseNimbus`.
export * from './base.browser';
export { nodeHttpFetch } from './core/transport-http';
export { nodeFetch } from './node-defaults';

/**
 * The client without its resource families (see the browser-neutral `BaseNimbus`), with the
 * Node defaults of `Nimbus`: it loads a fraction of the code, for programs that call a few
 * endpoints through `call()` and `list()` and must start fast.
 */
export class BaseNimbus extends PortableBaseNimbus {
  constructor(options: NimbusOptions = {}) {
    super(withNodeDefaults(options));
  }

  /** A `Nimbus` is a `BaseNimbus` too: both Node classes extend the one portable `BaseNimbus`. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof PortableBaseNimbus;
  }
}
