import {
  Agent,
  type Dispatcher,
  EnvHttpProxyAgent,
  type RequestInit as UndiciRequestInit,
  fetch as undiciFetch,
} from 'undici';
import type { Fetch } from './transport';

/** Idle sockets stay open this long, so a CLI run or a test suite reuses its connections. */
const agentOptions = { keepAliveTimeout: 10_000 };

type Env = Record<string, string | undefined>;

/**
 * The dispatcher for an environment: a keep-alive `Agent`, or, when `HTTP(S)_PROXY` is set,
 * an `EnvHttpProxyAgent` that also honours `NO_PROXY`. Lowercase variables win, as in curl.
 */
export function dispatcherFor(env: Env): Dispatcher {
  const httpProxy = env.http_proxy ?? env.HTTP_PROXY ?? '';
  const httpsProxy = env.https_proxy ?? env.HTTPS_PROXY ?? '';
  if (!httpProxy && !httpsProxy) return new Agent(agentOptions);
  // Explicit values (empty string = unset) so the agent reads `env`, not process.env behind our back.
  const noProxy = env.no_proxy ?? env.NO_PROXY ?? '';
  // Plain-HTTP targets go to the proxy as absolute URLs, as curl does: many proxies refuse
  // CONNECT to ports other than 443, which undici's default tunnelling would need.
  return new EnvHttpProxyAgent({ ...agentOptions, httpProxy, httpsProxy, noProxy, proxyTunnel: false });
}

/** undici's fetch over `dispatcher`. */
export function fetchVia(dispatcher: Dispatcher): Fetch {
  // undici declares its own RequestInit/Response types; at run time they are the WHATWG ones.
  return (url, init) =>
    undiciFetch(url, { ...(init as UndiciRequestInit), dispatcher }) as unknown as Promise<Response>;
}

let shared: Fetch | undefined;

/**
 * The Node transport, shared by every client in the process so they share one connection pool.
 * Created on first use, so importing the SDK opens nothing and reads the environment late.
 */
export const nodeFetch: Fetch = (url, init) => {
  shared ??= fetchVia(dispatcherFor(process.env));
  return shared(url, init);
};
