import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

export type MailMessage = Omit<Mail.Options, 'from'> & { to: string };

export interface Mailer {
  /** Hands the message over: to the SMTP server (resolves once it accepted it), or to a file in the outbox. */
  send(message: MailMessage): Promise<{ via: 'smtp' | 'outbox'; location: string }>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://...; null writes .eml files into `outboxDir` instead. */
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
}

/**
 * How Canopy sends email. With SMTP_URL, through that server (nodemailer). Without it,
 * each message is written as an .eml file into the outbox folder, so that the quick start
 * shows what would have been sent; the files hold personal data and are the owner's only.
 */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ ...message, from: options.from });
        // Not the address: this message is logged and kept as the job's last error.
        if (!info.accepted.map(String).includes(message.to)) throw new Error(`The SMTP server did not accept the recipient's address: ${info.response}`);
        return { via: 'smtp', location: info.response };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(message) {
      const info = await transport.sendMail({ ...message, from: options.from });
      mkdirSync(options.outboxDir, { recursive: true, mode: 0o700 });
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^A-Za-z0-9]/g, '').slice(0, 24)}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      return { via: 'outbox', location: file };
    },
  };
}
