import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { idString } from '../../core/schema.ts';
import { countEmail } from '../../platform/counters.ts';
import { deleteInBatches } from '../../platform/jobs/delete-in-batches.ts';
import { defineJob, type JobKind } from '../../platform/jobs/job.ts';
import { enqueueJob } from '../../platform/jobs/queue.ts';
import { linkEmail } from './email.ts';
import { dropLink, mintLink } from './links.ts';

/**
 * The emails with a one-time link, sent by the worker. The link is made when the email is
 * sent, so that its secret is never kept anywhere, not even in the job. A request for a
 * sign-in or reset link names an email address, not a person: the job looks the address
 * up, so that the page that asked answers the same, as fast, whether or not the address
 * has an account; it then queues one job per person (an address may be a person's at
 * several companies), so that a failure to reach one is retried alone.
 */
const AccountEmailPayload = Type.Object(
  {
    purpose: Type.Union([Type.Literal('invite'), Type.Literal('sign_in'), Type.Literal('reset')]),
    /** The person; or, for a sign-in or reset link asked for on the sign-in page, `email`. */
    user_id: Type.Optional(idString('user')),
    email: Type.Optional(Type.String({ maxLength: 320 })),
    /** The language of the page that asked: the email's unless the person chose one. */
    language: Type.Union([Type.Literal('en'), Type.Literal('nl')]),
    /** Who invited the person, as the invitation names them; absent: the operator. */
    invited_by: Type.Optional(Type.String({ maxLength: 520 })),
  },
  { additionalProperties: false },
);

/** People an address may hold links for at once: an address is rarely a person's at more companies than this. */
const PEOPLE_PER_ADDRESS = 5;

export const sendAccountEmail: JobKind<typeof AccountEmailPayload> = defineJob({
  name: 'send_account_email',
  payload: AccountEmailPayload,
  async handle(db, payload, { mailer, publicBaseUrl }) {
    if (!payload.user_id) {
      if (payload.purpose === 'invite' || !payload.email) return { skipped: 'no person named' };
      const people = await db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', payload.email!.trim().toLowerCase()))
        .where('removed_at', 'is', null)
        .orderBy('signed_in_at', (ob) => ob.desc().nullsLast())
        .limit(PEOPLE_PER_ADDRESS)
        .execute();
      await db.transaction().execute(async (trx) => {
        for (const person of people) await enqueueJob(trx, sendAccountEmail, { purpose: payload.purpose, user_id: person.id, language: payload.language });
      });
      // Never the address: what a job returns is logged.
      return { purpose: payload.purpose, people: people.length };
    }
    const person = await db
      .selectFrom('users as u')
      .innerJoin('companies as c', 'c.id', 'u.company_id')
      .select(['u.id', 'u.email', 'u.name', 'u.language', 'c.name as company_name'])
      .where('u.id', '=', payload.user_id)
      .where('u.removed_at', 'is', null)
      .executeTakeFirst();
    if (!person) return { skipped: 'the person was removed' };
    const link = await mintLink(db, person.id, payload.purpose, publicBaseUrl);
    const language = person.language ?? payload.language;
    // The link opens its page in the email's language.
    const url = `${link.url}?lang=${language}`;
    const email = linkEmail(
      { purpose: payload.purpose, to: { email: person.email, name: person.name }, companyName: person.company_name, url, expiresAt: link.expiresAt, invitedBy: payload.invited_by ?? null },
      language,
      person.id,
    );
    try {
      await countEmail('account_link', mailer.send(email));
    } catch (error) {
      await dropLink(db, link.url); // never delivered: the retry sends a new one
      throw error;
    }
    return { purpose: payload.purpose, user_id: person.id };
  },
});

/**
 * Links are kept a week past their end, for a person asking why theirs no longer works;
 * sessions 30 days past theirs (an ended session ended before its end: at most 7 days after
 * it began), for the account page and an incident's questions; then both are deleted.
 */
export const purgeOldSignInLinks = defineJob({
  name: 'purge_old_sign_in_links',
  payload: Type.Object({}, { additionalProperties: false }),
  async handle(db) {
    const links = await deleteInBatches(async (limit) => {
      const result = await db
        .deleteFrom('sign_in_links')
        .where('token_hash', 'in', (eb) => eb.selectFrom('sign_in_links').select('token_hash').where('expires_at', '<', sql<Date>`now() - interval '7 days'`).limit(limit))
        .executeTakeFirst();
      return result.numDeletedRows;
    });
    const sessions = await deleteInBatches(async (limit) => {
      const result = await db
        .deleteFrom('dashboard_sessions')
        .where('id', 'in', (eb) => eb.selectFrom('dashboard_sessions').select('id').where('expires_at', '<', sql<Date>`now() - interval '30 days'`).limit(limit))
        .executeTakeFirst();
      return result.numDeletedRows;
    });
    return { links: links.deleted, sessions: sessions.deleted };
  },
});
