/**
 * A webhook receiver for Canopy with nothing but node:http and @canopy/client: it reads the
 * raw body, checks its signature with verifyWebhook, answers 2xx at once, and handles each
 * event once, however often it arrives.
 *
 *   CANOPY_WEBHOOK_SECRET=whsec_... npx tsx server.ts
 *
 * PORT (default 4242) and HOST (default 127.0.0.1) choose where it listens; events arrive at
 * POST /canopy/webhooks.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, type WebhookEvent, WebhookVerificationError } from '@canopy/client';

const secret = process.env.CANOPY_WEBHOOK_SECRET;
if (!secret) {
  console.error('Set CANOPY_WEBHOOK_SECRET to the whsec_... secret of your endpoint (or the one canopy listen prints).');
  process.exit(1);
}

// The same event can arrive more than once (a retry, a redelivery): keep the ids handled.
// A real receiver keeps them in its database, next to what it did.
const handled = new Set<string>();

const trees = (count: number) => `${count} ${count === 1 ? 'tree' : 'trees'}`;

function handle(event: WebhookEvent) {
  switch (event.type) {
    case 'recipient.created':
      console.log(`recipient ${event.data.object.id} got ${trees(event.data.object.trees)}`);
      break;
    case 'certificate.created':
      console.log(`certificate ${event.data.object.id} is ready: ${event.data.object.url}`);
      break;
    case 'allocation.created':
      console.log(`allocation ${event.data.object.id}: ${trees(event.data.object.trees)}, ${event.data.object.status}`);
      break;
    default:
      console.log(`${event.type} about ${event.data.object.id}`);
  }
}

const server = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/canopy/webhooks') {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    let event: WebhookEvent;
    try {
      // The exact bytes received: parsing the JSON and writing it again would change them.
      event = verifyWebhook(Buffer.concat(chunks), request.headers, secret);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      console.log(`refused a request: ${error.reason}`);
      response.writeHead(400, { 'content-type': 'text/plain' }).end(error.reason);
      return;
    }
    // Answer first (within 10 s), then do the work.
    response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    if (handled.has(event.id)) return;
    handled.add(event.id);
    console.log(`received ${event.type} ${event.id}`);
    handle(event);
  });
});

server.listen(Number(process.env.PORT ?? 4242), process.env.HOST ?? '127.0.0.1', () => {
  const { address, port } = server.address() as AddressInfo;
  console.log(`listening on http://${address}:${port}/canopy/webhooks`);
});
