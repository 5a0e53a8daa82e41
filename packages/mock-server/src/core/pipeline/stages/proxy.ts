import { isProxied, proxyRequest } from '../../services/proxy';
import type { Stage } from '../stage';

/**
 * Stage: with a proxy target, forwards an API request to the deployment and answers what it
 * answered, filed under the deployment's request id (to find it in its logs). Before the route:
 * the deployment, not this server, decides what a path means.
 */
export const proxyStage: Stage = (exchange) => {
  const proxy = exchange.server.runtime.config.proxy;
  if (!proxy || !isProxied(exchange.target.pathname)) return undefined;
  exchange.route = 'proxied';
  return proxyRequest(proxy, exchange.request, exchange.target).then((proxied) => {
    exchange.proxied = proxied;
    exchange.requestId = proxied.reply.headers['x-request-id'] ?? exchange.requestId;
    return proxied.reply;
  });
};
