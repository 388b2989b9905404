import type { FastifyReply, FastifyRequest } from 'fastify';
import { dashboardMessage, dashboardPage, signedIn } from '../../platform/dashboard/page.ts';
import { dateTime, field, type PageDeps, TABLE_STYLE } from './page-deps.ts';
import { clearSessionCookie } from './session-start.ts';
import { addPerson, changeRole, isRole, liveTokenCount, NAME_MAX_LENGTH, personById, removePerson, sendInvitation, TeamRefused, teamOf } from './team.ts';
import { TEXTS } from './texts.ts';

const TEAM_TEMPLATE = new URL('./templates/team.eta', import.meta.url);
const REMOVE_TEMPLATE = new URL('./templates/team-remove.eta', import.meta.url);

/** A row's role form on one line; its label is for screen readers (the row names the person). */
const TEAM_STYLE = [
  TABLE_STYLE,
  '.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }',
  '.role-form { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }',
  '.role-form select { width: auto; }',
].join('\n');

const ADMIN = { config: { dashboardAccess: 'admin' as const }, schema: { hide: true } };

type Done = 'invited' | 'invitation_sent' | 'role' | 'removed';
const DONE: readonly Done[] = ['invited', 'invitation_sent', 'role', 'removed'];

interface InviteForm {
  email: string;
  name: string;
  role: string;
}

/**
 * The team page (admins): the company's people with their role, whether they have chosen a
 * password, and when they last signed in; inviting a person, changing a role, removing a
 * person after a confirmation. A company keeps at least one admin. Each change is one verb
 * of team.ts, written to the audit log, and holds for the person's sessions and tokens at once.
 */
export function registerTeamPages({ app, db, cookie }: PageDeps): void {
  async function teamPage(request: FastifyRequest, reply: FastifyReply, status: number, form: { invite?: InviteForm; problem?: string } = {}) {
    const session = signedIn(request);
    const t = TEXTS[session.language];
    const query = request.query as Record<string, unknown>;
    let notice: string | null = null;
    if (DONE.includes(query.done as Done) && typeof query.who === 'string') {
      const who = await db.selectFrom('users').select('email').where('id', '=', query.who).where('company_id', '=', session.company.id).executeTakeFirst();
      if (who) notice = t.done[query.done as Done](who.email);
    }
    const people = (await teamOf(db, session.company.id)).map((person) => ({
      ...person,
      self: person.id === session.user.id,
      lastSignIn: person.signed_in_at ? dateTime(person.signed_in_at, session.language) : null,
    }));
    return dashboardPage(request, reply, status, TEAM_TEMPLATE, {
      t, heading: t.teamTitle, notice, people, problem: form.problem ?? null, invite: form.invite ?? { email: '', name: '', role: 'member' }, headStyle: TEAM_STYLE,
    });
  }

  /** A refusal of team.ts as the page says it: the team page again with the problem, or not found. */
  function refused(request: FastifyRequest, reply: FastifyReply, error: unknown, invite?: InviteForm) {
    if (!(error instanceof TeamRefused)) throw error;
    const t = TEXTS[signedIn(request).language];
    if (error.code === 'not_member') return dashboardMessage(request, reply, 404, { heading: t.notFoundTitle, text: t.notFoundBody });
    return teamPage(request, reply, error.code === 'last_admin' || error.code === 'already_member' ? 409 : 400, { problem: t.teamProblems[error.code], invite });
  }

  const invitation = (request: FastifyRequest) => {
    const session = signedIn(request);
    return { language: session.language, invitedBy: session.user.name && session.user.name !== session.user.email ? `${session.user.name} (${session.user.email})` : session.user.email };
  };

  app.get('/team', ADMIN, (request, reply) => teamPage(request, reply, 200));

  app.post('/team/invite', ADMIN, async (request, reply) => {
    const session = signedIn(request);
    const invite = { email: field(request.body, 'email').trim(), name: field(request.body, 'name', NAME_MAX_LENGTH).trim(), role: field(request.body, 'role', 20) };
    if (!isRole(invite.role)) return teamPage(request, reply, 400, { problem: TEXTS[session.language].teamProblems.bad_role, invite });
    try {
      const person = await addPerson(db, session.actor, { email: invite.email, name: invite.name || undefined, role: invite.role }, invitation(request));
      return reply.redirect(`/dashboard/team?done=invited&who=${person.id}`, 303);
    } catch (error) {
      return refused(request, reply, error, invite);
    }
  });

  app.post<{ Params: { id: string } }>('/team/:id/invite', ADMIN, async (request, reply) => {
    try {
      const person = await sendInvitation(db, signedIn(request).actor, request.params.id, invitation(request));
      return reply.redirect(`/dashboard/team?done=invitation_sent&who=${person.id}`, 303);
    } catch (error) {
      return refused(request, reply, error);
    }
  });

  app.post<{ Params: { id: string } }>('/team/:id/role', ADMIN, async (request, reply) => {
    const session = signedIn(request);
    const role = field(request.body, 'role', 20);
    if (!isRole(role)) return teamPage(request, reply, 400, { problem: TEXTS[session.language].teamProblems.bad_role });
    try {
      const { user } = await changeRole(db, session.actor, request.params.id, role, { keepAnAdmin: true });
      // An admin who made themselves a member may no longer open this page.
      if (user.id === session.user.id && role !== 'admin') return reply.redirect('/dashboard', 303);
      return reply.redirect(`/dashboard/team?done=role&who=${user.id}`, 303);
    } catch (error) {
      return refused(request, reply, error);
    }
  });

  app.get<{ Params: { id: string } }>('/team/:id/remove', ADMIN, async (request, reply) => {
    const session = signedIn(request);
    const t = TEXTS[session.language];
    const person = await personById(db, session.company.id, request.params.id);
    if (!person) return dashboardMessage(request, reply, 404, { heading: t.notFoundTitle, text: t.notFoundBody });
    const admins = (await teamOf(db, session.company.id)).filter((p) => p.role === 'admin').length;
    return dashboardPage(request, reply, 200, REMOVE_TEMPLATE, {
      t, heading: t.removeTitle(person.name), person, company: session.company.name,
      self: person.id === session.user.id,
      lastAdmin: person.role === 'admin' && admins <= 1,
      tokens: await liveTokenCount(db, person.id),
    });
  });

  app.post<{ Params: { id: string } }>('/team/:id/remove', ADMIN, async (request, reply) => {
    const session = signedIn(request);
    try {
      const { user } = await removePerson(db, session.actor, request.params.id, { keepAnAdmin: true });
      if (user.id !== session.user.id) return reply.redirect(`/dashboard/team?done=removed&who=${user.id}`, 303);
      clearSessionCookie(cookie, reply);
      return reply.redirect(`/dashboard/sign-in?signed_out=1&lang=${session.language}`, 303);
    } catch (error) {
      return refused(request, reply, error);
    }
  });
}
