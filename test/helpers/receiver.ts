import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after } from 'node:test';

/** A webhook delivery as the receiver got it: the exact bytes, and the headers. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
  /** When the answer was sent, and its status; unset while the request is held or hanging. */
  answeredAt?: number;
  status?: number;
  /** When the sender closed the connection before getting an answer (it gave up, or died). */
  droppedAt?: number;
}

export type Answer = { status: number; headers?: Record<string, string> } | 'hang';

/** How a path answers: at once, never ('hang'), or when the promise settles (a held request). */
export type Behaviour = (request: Received) => Answer | Promise<Answer>;

/**
 * A real HTTP receiver on loopback for webhook tests: each path answers as its behaviour
 * says (200 by default, or never, for a hanging endpoint) and records what arrived.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const behaviours = new Map<string, Behaviour>();
  const waiters: (() => void)[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry: Received = { path: request.url ?? '/', headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(entry);
      response.on('close', () => {
        if (!response.writableFinished) entry.droppedAt ??= Date.now();
      });
      for (const wake of waiters.splice(0)) wake();
      const respond = (answer: Answer) => {
        if (answer === 'hang' || entry.droppedAt !== undefined) return; // never answers; the sender gives up after its timeout
        entry.answeredAt = Date.now();
        entry.status = answer.status;
        response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers }).end('ok');
      };
      const answer = (behaviours.get(entry.path) ?? ((): Answer => ({ status: 200 })))(entry);
      if (answer instanceof Promise) void answer.then(respond);
      else respond(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  return {
    base,
    received,
    /** What arrived at one path. */
    at: (path: string) => received.filter((entry) => entry.path === path),
    behave(path: string, behaviour: Behaviour) {
      behaviours.set(path, behaviour);
    },
    /** Resolves once `count` requests have arrived at `path` (or throws after `ms`). */
    async waitFor(path: string, count: number, ms = 5000): Promise<Received[]> {
      const deadline = Date.now() + ms;
      while (received.filter((entry) => entry.path === path).length < count) {
        if (Date.now() > deadline) throw new Error(`only ${received.filter((entry) => entry.path === path).length} of ${count} deliveries reached ${path} within ${ms} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 50);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.filter((entry) => entry.path === path);
    },
  };
}
