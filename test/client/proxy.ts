import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';

/** One request the proxy passed on, and what Canopy answered it (when it was passed on). */
export interface Proxied {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status?: number;
  /** The connection was dropped instead of answering. */
  dropped: boolean;
}

/**
 * What the proxy does with a request: pass it to Canopy and answer with Canopy's answer
 * (`forward`), pass it on and drop the connection once Canopy has answered (`drop-after`:
 * the work was done, the answer lost, as when a network dies on the way back), or drop it
 * without passing it on (`drop`).
 */
export type ProxyAction = 'forward' | 'drop-after' | 'drop';

/**
 * A real HTTP proxy on loopback in front of a test Canopy, for the client's retries: each
 * request is decided by `decide` (forwarded by default) and recorded in `log`.
 */
export async function startProxy(target: string) {
  const log: Proxied[] = [];
  let decide: (request: Proxied, index: number) => ProxyAction = () => 'forward';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const entry: Proxied = { method: request.method ?? 'GET', path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), dropped: false };
      log.push(entry);
      const action = decide(entry, log.length - 1);
      if (action === 'drop') {
        entry.dropped = true;
        request.socket.destroy();
        return;
      }
      const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)) as [string, string][]);
      const answer = await fetch(`${target}${entry.path}`, { method: entry.method, headers, body: entry.method === 'GET' || entry.method === 'HEAD' ? undefined : entry.body });
      const text = await answer.text();
      entry.status = answer.status;
      if (action === 'drop-after') {
        entry.dropped = true;
        request.socket.destroy();
        return;
      }
      const passed: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)) passed[name] = value;
      });
      response.writeHead(answer.status, passed).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    /** How the next requests are handled; the log is emptied. */
    behave(next: (request: Proxied, index: number) => ProxyAction) {
      log.length = 0;
      decide = next;
    },
  };
}
