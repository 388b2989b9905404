import type { AddressInfo } from 'node:net';
import { after } from 'node:test';
import { SMTPServer } from 'smtp-server';

/** A message as the sink accepted it: the envelope's recipients, the raw message, and when it was accepted. */
export interface SunkMessage {
  to: string[];
  raw: Buffer;
  at: number;
}

/**
 * A real SMTP server on loopback that keeps every message it accepts, for tests of email
 * sent by other processes. `acceptAfterMs` makes each message wait that long before it is
 * accepted: a slow mail server, so that a job sending one is still running a moment later.
 * Closed when the test file ends.
 */
export async function startSmtpSink(options: { acceptAfterMs?: number } = {}) {
  const sink = await openSmtpSink(options);
  after(sink.close);
  return sink;
}

/** The same sink for a program that is not a test file (test/faults): the caller closes it. */
export async function openSmtpSink(options: { acceptAfterMs?: number } = {}) {
  const messages: SunkMessage[] = [];
  let acceptAfterMs = options.acceptAfterMs ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const accept = () => {
          messages.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks), at: Date.now() });
          callback();
        };
        if (acceptAfterMs > 0) setTimeout(accept, acceptAfterMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    messages,
    /** From now on, each message waits this long before it is accepted. */
    slowDown(ms: number) {
      acceptAfterMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
