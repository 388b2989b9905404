import assert from 'node:assert/strict';
import PostalMime, { type Email } from 'postal-mime';
import { JOBS } from '../../../src/features.ts';
import { runDueJobs, type WorkerLog } from '../../../src/platform/jobs/worker.ts';
import { createMailer } from '../../../src/platform/mail/mailer.ts';
import { testWorkerServices, type TestApp } from '../../helpers/app.ts';
import type { startSmtpSink } from '../../helpers/smtp-sink.ts';

/**
 * The accounts tests' worker: the app's jobs run through a real SMTP server (the test
 * sink), and what the worker logs is kept, so a test can read the emails as sent and check
 * that no link's secret was logged.
 */
export function accountMail(app: TestApp, sink: Awaited<ReturnType<typeof startSmtpSink>>) {
  const services = testWorkerServices(createMailer({ smtpUrl: sink.url, from: 'Canopy <accounts@canopy.test>', outboxDir: '/nonexistent' }));
  const logged: string[] = [];
  const line = (level: string) => (fields: object, message: string) => logged.push(JSON.stringify({ level, message, ...fields }));
  const log: WorkerLog = { info: line('info'), warn: line('warn'), error: line('error') };
  return {
    logged,
    runJobs: () => runDueJobs(app.db, { jobs: JOBS, services, log }),
    /** Runs the worker and returns the messages it sent to `to`, parsed. */
    async mailTo(to: string): Promise<Email[]> {
      const before = sink.messages.length;
      await runDueJobs(app.db, { jobs: JOBS, services, log });
      const sent = sink.messages.slice(before).filter((message) => message.to.some((address) => address.toLowerCase() === to.toLowerCase()));
      return Promise.all(sent.map((message) => PostalMime.parse(message.raw)));
    },
  };
}

/** The one link of a purpose in an email: its path (to open on the test app) and its secret. */
export function linkIn(email: Email, kind: 'invite' | 'link' | 'reset'): { url: string; path: string; secret: string } {
  const match = new RegExp(`http://canopy\\.test(/dashboard/${kind}/([A-Za-z0-9_-]{43})(\\?lang=(?:en|nl))?)`).exec(email.text ?? '');
  assert.ok(match, `a ${kind} link in:\n${email.text}`);
  return { url: match[0], path: match[1]!, secret: match[2]! };
}
