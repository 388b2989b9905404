import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * The loopback webhook receiver and SMTP sink of the load and fault run. test/helpers has
 * both for test files, but they close themselves through node:test's `after()`, which in a
 * plain program starts a test harness that prints TAP; these are closed by the caller.
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

/** A real SMTP server on loopback that accepts every message and keeps its envelope recipients. */
export async function startSmtpSink() {
  const messages: SunkEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString('latin1').replace(/=\r?\n/g, '');
        messages.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), sender: SENDER.exec(text)?.[1] ?? '?', at: Date.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
