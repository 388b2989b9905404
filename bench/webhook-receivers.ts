/**
 * The loopback receivers of bench/webhooks.ts, in a process of their own (it forks this
 * file), so that their CPU is theirs and not the delivery worker's, and a busy receiver
 * shows as such. `listen` starts N HTTP servers on 127.0.0.1, one per endpoint; each
 * answers every request 200 at once and records, for each request, the moment it had
 * arrived in full (epoch milliseconds with sub-millisecond precision: timeOrigin + now)
 * and its `webhook-id` (the event id). The parent talks to it over the IPC channel:
 * requests carry an `id` and get one reply with the same `id`; `reached` is sent unasked
 * when the expected number of requests has arrived.
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceiverRequest =
  | { id: number; type: 'listen'; count: number }
  | { id: number; type: 'ping' }
  | { id: number; type: 'reset'; expect: number }
  | { id: number; type: 'collect' }
  | { id: number; type: 'close' };

export interface Collected {
  /** Per request, in arrival order: which server (index into the ports), its webhook-id, when it arrived. */
  server: number[];
  event: string[];
  at: number[];
  /** TCP connections each server accepted since the reset: the most requests the sender had open to it at once, at most. */
  connections: number[];
  /** The first request each server got since the reset, for checking its signature. */
  first: ({ headers: IncomingHttpHeaders; body: string; at: number } | null)[];
  /** CPU this process used since the reset, milliseconds, and the wall time since. */
  cpuMs: number;
  wallMs: number;
}

const now = () => performance.timeOrigin + performance.now();
const send = (message: object) => process.send?.(message);

const servers: http.Server[] = [];
let state = fresh(0);

function fresh(expect: number) {
  return {
    expect, reached: false, server: [] as number[], event: [] as string[], at: [] as number[],
    connections: servers.map(() => 0), first: servers.map((): Collected['first'][number] => null),
    cpu: process.cpuUsage(), since: now(),
  };
}

function serve(index: number): http.Server {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = now();
      const s = state;
      s.server.push(index);
      s.event.push(String(request.headers['webhook-id'] ?? ''));
      s.at.push(at);
      if (!s.first[index]) s.first[index] = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at };
      response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' }).end('ok');
      if (!s.reached && s.expect > 0 && s.at.length >= s.expect) {
        s.reached = true;
        send({ type: 'reached', at });
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  server.on('connection', () => {
    state.connections[index] = (state.connections[index] ?? 0) + 1;
  });
  return server;
}

process.on('message', async (message: ReceiverRequest) => {
  switch (message.type) {
    case 'listen': {
      const ports: number[] = [];
      for (let i = 0; i < message.count; i++) {
        const server = serve(servers.length);
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        servers.push(server);
        ports.push((server.address() as AddressInfo).port);
      }
      state = fresh(0);
      send({ id: message.id, ports });
      break;
    }
    case 'ping':
      send({ id: message.id, at: now() });
      break;
    case 'reset':
      state = fresh(message.expect);
      send({ id: message.id });
      break;
    case 'collect': {
      const used = process.cpuUsage(state.cpu);
      const collected: Collected = {
        server: state.server, event: state.event, at: state.at, connections: state.connections, first: state.first,
        cpuMs: (used.user + used.system) / 1000, wallMs: now() - state.since,
      };
      send({ id: message.id, ...collected });
      break;
    }
    case 'close':
      for (const server of servers) {
        server.closeAllConnections();
        server.close();
      }
      send({ id: message.id });
      process.disconnect?.();
      break;
  }
});
