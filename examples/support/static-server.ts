import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One file of a page: its bytes (or a function producing them) and content type. */
export interface StaticFile {
  type: string;
  body: string | Uint8Array | (() => Promise<string | Uint8Array>);
}

export interface StaticSite {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves a fixed set of files on loopback, as a web app's dev server would: any other path is
 * 404 (so an API call that no service worker answers fails visibly).
 */
export async function serveFiles(files: Record<string, StaticFile>, port = 0): Promise<StaticSite> {
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const file = files[path];
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: ${path}`);
      return;
    }
    const body = typeof file.body === 'function' ? await file.body() : file.body;
    res.writeHead(200, { 'content-type': file.type, 'cache-control': 'no-store' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
