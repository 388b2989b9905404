import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openSmtpSink } from '../helpers/smtp-sink.ts';

/**
 * The loopback webhook receiver and SMTP sink of the load and fault run, closed by the
 * caller: test/helpers' versions close themselves through node:test's `after()`, which in a
 * plain program starts a test harness that prints TAP. The SMTP sink is the helpers' own
 * server (openSmtpSink), read with each message's sender.
 */

/**
 * Which process sent a webhook or an email: each runs with its own PUBLIC_BASE_URL
 * (`http://<name>.canopy.test`), which the webhook User-Agent and the email's link carry.
 */
const SENDER = /https?:\/\/([\w-]+)\.canopy\.test/;

/** One webhook request as it arrived. */
export interface ReceivedWebhook {
  path: string;
  /** The process that sent it (its PUBLIC_BASE_URL's host name), or '?'. */
  sender: string;
  eventId: string;
  signature: string;
  body: string;
  at: number;
}

/** Answers 200 to every POST and keeps what arrived. */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '/',
        sender: SENDER.exec(String(request.headers['user-agent']))?.[1] ?? '?',
        eventId: String(request.headers['webhook-id'] ?? ''),
        signature: String(request.headers['canopy-signature'] ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  server.keepAliveTimeout = 75_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One message the SMTP sink accepted. */
export interface SunkEmail {
  to: string[];
  /** The process that sent it, from the certificate link in its text (quoted-printable soft line breaks undone), or '?'. */
  sender: string;
  at: number;
}

/** The tests' SMTP sink (test/helpers/smtp-sink.ts); `emails()` reads what it accepted, each with its sender. */
export async function startSmtpSink() {
  const sink = await openSmtpSink();
  return {
    url: sink.url,
    close: sink.close,
    emails: (): SunkEmail[] =>
      sink.messages.map((message) => {
        const text = message.raw.toString('latin1').replace(/=\r?\n/g, '');
        return { to: message.to.map((address) => address.toLowerCase()), sender: SENDER.exec(text)?.[1] ?? '?', at: message.at };
      }),
  };
}
