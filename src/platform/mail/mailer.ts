import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { maskEmailAddresses } from '../../core/personal-data.ts';

export type MailMessage = Omit<Mail.Options, 'from'> & {
  to: string;
  /** The id of what the message is about (a recipient, an endpoint): names its outbox file, so erasing that object finds it. */
  about?: string;
  /** The sender's name shown with MAIL_FROM's address, when it is not MAIL_FROM's own ("Fairbrook Coffee Roasters via Canopy"). */
  fromName?: string;
};

export interface Mailer {
  /** Hands the message over: to the SMTP server (resolves once it accepted it), or to a file in the outbox. */
  send(message: MailMessage): Promise<{ via: 'smtp' | 'outbox'; location: string }>;
  /**
   * Removes what this mailer kept of the messages about an object (their outbox files);
   * returns how many. A message handed to an SMTP server has left Canopy: nothing is kept.
   */
  forget(about: string): Promise<number>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://...; null writes .eml files into `outboxDir` instead. */
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
}

/** An id as it may stand in a file name: the prefixed ids of core/ids.ts are. */
const FILE_SAFE_ID = /^[A-Za-z0-9_]+$/;

/**
 * How Canopy sends email. With SMTP_URL, through that server (nodemailer). Without it,
 * each message is written as an .eml file into the outbox folder, so that the quick start
 * shows what would have been sent; the files hold personal data and are the owner's only,
 * and each is named after what it is about (`<time>-<id>-<message id>.eml`), so that
 * erasing a recipient removes its messages (forget).
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const { about: _about, fromName, ...mail } = message;
        const info = await transport.sendMail({ ...mail, from: sender(options.from, fromName) }).catch((error: unknown) => {
          throw withoutAddress(error, message.to);
        });
        // Not the address: this message is logged and kept as the job's last error. Compared
        // without case: nodemailer writes the domain in lower case (Ada@Example.com is accepted as Ada@example.com).
        if (!info.accepted.map((address) => String(address).toLowerCase()).includes(message.to.toLowerCase())) {
          throw new Error(`The SMTP server did not accept the recipient's address: ${redact(info.response, message.to)}`);
        }
        return { via: 'smtp', location: info.response };
      },
      async forget() {
        return 0;
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const { about, fromName, ...mail } = message;
      const info = await transport.sendMail({ ...mail, from: sender(options.from, fromName) });
      mkdirSync(options.outboxDir, { recursive: true, mode: 0o700 });
      const subject = about && FILE_SAFE_ID.test(about) ? `-${about}` : '';
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}${subject}-${info.messageId.replace(/[^A-Za-z0-9]/g, '').slice(0, 24)}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      return { via: 'outbox', location: file };
    },
    async forget(about) {
      if (!FILE_SAFE_ID.test(about)) return 0;
      let names: string[];
      try {
        names = readdirSync(options.outboxDir);
      } catch {
        return 0; // no outbox yet: nothing was written
      }
      const ofSubject = names.filter((name) => name.endsWith('.eml') && name.includes(`-${about}-`));
      for (const name of ofSubject) rmSync(path.join(options.outboxDir, name), { force: true });
      return ofSubject.length;
    },
  };
}

/** MAIL_FROM, or its address under another name: the address stays Canopy's own, so that SPF and DKIM hold. */
function sender(from: string, name: string | undefined): Mail.Options['from'] {
  if (!name) return from;
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return { name, address };
}

/**
 * The SMTP server's refusal without the address it names ("550 <ada@example.com>: no such
 * user"): the error is logged and kept as the job's last error, which must not hold
 * personal data. A fresh error, so that nodemailer's fields (`rejected`, `response`)
 * do not travel with it into the log.
 */
function withoutAddress(error: unknown, address: string): Error {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  return new Error(`Sending failed${typeof code === 'string' ? ` (${code})` : ''}: ${redact(message, address)}`);
}

/** The recipient's address as `<recipient>`, and any other address the server quotes masked as logs mask it. */
function redact(text: string, address: string): string {
  return maskEmailAddresses(address ? text.split(address).join('<recipient>') : text);
}
