import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import type { App } from '../core/pipeline/app';
import { isProxied } from '../core/services/proxy';
import type { UpgradeHandler } from './http-adapter';
import { proxyTargetUrl } from './proxy-target';

/**
 * WebSocket upgrades of the APIs (`/v2/ws/events`) forwarded to the deployment as they came, with
 * its Host: the two sockets are joined byte for byte after the request head, so the stream is
 * the deployment's. Frames are neither checked nor journaled (docs/decisions/0021-mock-proxy.md).
 */
export function proxyUpgrade(app: App, url: string): UpgradeHandler {
  const base = proxyTargetUrl(url);
  const secure = base.protocol === 'https:';
  const port = Number(base.port || (secure ? 443 : 80));
  const prefix = base.pathname.replace(/\/$/, '');
  const open = new Set<Socket>();
  app.runtime.onClose(() => {
    for (const socket of open) socket.destroy();
  });
  return (req, socket, head) => {
    const path = req.url ?? '/';
    if (!isProxied(path.split('?')[0]!)) return false;
    const upstream = secure
      ? connectTls({ host: base.hostname, port, servername: base.hostname })
      : connectTcp({ host: base.hostname, port });
    open.add(upstream);
    const lines = [`${req.method} ${prefix}${path} HTTP/1.1`, `Host: ${base.host}`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      if (req.rawHeaders[i]!.toLowerCase() !== 'host')
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    }
    upstream.once(secure ? 'secureConnect' : 'connect', () => {
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    const end = () => {
      open.delete(upstream);
      upstream.destroy();
      socket.destroy();
    };
    upstream.once('error', () => {
      // Not reached: the client learns it as a plain answer, as for a refused upgrade.
      if (!socket.destroyed && upstream.bytesRead === 0) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
      }
      end();
    });
    upstream.once('close', end);
    socket.once('error', end);
    socket.once('close', end);
    return true;
  };
}
