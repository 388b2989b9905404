import type { Language } from '../core/i18n.ts';
import { createUser, inviteUser, listUsers, type Role, removeUser, setUserRole } from '../operator/users.ts';
import { type CommandSpec, isoOrDash, optionalOption, requiredOption, succeed, table, UsageError } from './command.ts';

interface UserRow {
  id: string;
  company_id: string;
  email: string;
  name: string;
  role: string;
  removed_at: Date | null;
  created_at: Date;
}

function presentUser(row: UserRow) {
  return {
    id: row.id,
    company_id: row.company_id,
    email: row.email,
    name: row.name,
    role: row.role,
    removed_at: row.removed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** The lines that hand the operator an invitation link: where it leads, how long it works, and that it was emailed too. */
function invitationLines(email: string, invite: { inviteUrl: string; expiresAt: Date }): string[] {
  return [
    `Invitation link for ${email} (choose a password, then signed in; works once, until ${invite.expiresAt.toISOString()}):`,
    '',
    `  ${invite.inviteUrl}`,
    '',
    'An invitation with a link of its own is emailed by the worker (with SMTP_URL; else written to the outbox folder). Either link works; choosing a password with one ends the other.',
  ];
}

function languageOption(value: string | undefined): Language | undefined {
  if (value === undefined) return undefined;
  if (value !== 'en' && value !== 'nl') throw new UsageError(`--language must be en or nl, not "${value}".`);
  return value;
}

const create: CommandSpec = {
  path: ['users', 'create'],
  summary: 'Adds a person to a company and prints their invitation link (also emailed). Admins may create API tokens; tokens of members may only read.',
  usage: '--company COMPANY_ID --email EMAIL --role admin|member [--name NAME] [--language en|nl] [--json]',
  options: { company: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, language: { type: 'string' } },
  async run({ db, baseUrl }, input) {
    const user = await createUser(db, {
      companyId: requiredOption(input, 'company'),
      email: requiredOption(input, 'email'),
      role: requiredOption(input, 'role') as Role,
      name: optionalOption(input, 'name'),
      language: languageOption(optionalOption(input, 'language')),
    });
    const invite = await inviteUser(db, user.company_id, user.email, baseUrl);
    const human = [`Added ${user.email} to ${user.company_id} as ${user.role} (${user.id}).`, ...invitationLines(user.email, invite)].join('\n');
    return succeed(input, { ...presentUser(user), invite_url: invite.inviteUrl, invite_expires_at: invite.expiresAt.toISOString() }, human);
  },
};

const invite: CommandSpec = {
  path: ['users', 'invite'],
  summary: 'Prints a fresh invitation link for a person of a company (also emailed): a forgotten invitation, or a person locked out.',
  usage: '--company COMPANY_ID --email EMAIL [--json]',
  options: { company: { type: 'string' }, email: { type: 'string' } },
  async run({ db, baseUrl }, input) {
    const invited = await inviteUser(db, requiredOption(input, 'company'), requiredOption(input, 'email'), baseUrl);
    return succeed(
      input,
      { ...presentUser(invited.user), invite_url: invited.inviteUrl, invite_expires_at: invited.expiresAt.toISOString() },
      invitationLines(invited.user.email, invited).join('\n'),
    );
  },
};

const setRole: CommandSpec = {
  path: ['users', 'set-role'],
  summary: "Changes a member's role; their sessions and tokens follow the new role on the next request.",
  usage: '--company COMPANY_ID --email EMAIL --role admin|member [--json]',
  options: { company: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
  async run({ db }, input) {
    const user = await setUserRole(db, requiredOption(input, 'company'), requiredOption(input, 'email'), requiredOption(input, 'role'));
    return succeed(input, presentUser(user), `${user.email} is now ${user.role} of ${user.company_id}.`);
  },
};

const remove: CommandSpec = {
  path: ['users', 'remove'],
  summary: 'Removes a person from a company; their dashboard sessions end and every token they created stops working at once.',
  usage: '--company COMPANY_ID --email EMAIL [--json]',
  options: { company: { type: 'string' }, email: { type: 'string' } },
  async run({ db }, input) {
    const user = await removeUser(db, requiredOption(input, 'company'), requiredOption(input, 'email'));
    return succeed(
      input,
      { ...presentUser(user), tokens_revoked: user.tokensRevoked, sessions_ended: user.sessionsEnded },
      `Removed ${user.email} from ${user.company_id}; ${user.sessionsEnded} dashboard session(s) ended, ${user.tokensRevoked} token(s) revoked.`,
    );
  },
};

const list: CommandSpec = {
  path: ['users', 'list'],
  summary: 'Lists the people of a company, removed ones included.',
  usage: '--company COMPANY_ID [--json]',
  options: { company: { type: 'string' } },
  async run({ db }, input) {
    const users = await listUsers(db, requiredOption(input, 'company'));
    const status = (u: (typeof users)[number]) => (u.removed_at ? `removed ${isoOrDash(u.removed_at)}` : u.password_hash ? 'active' : 'invited');
    const rows = users.map((u) => [u.id, u.email, u.name, u.role, status(u), u.signed_in_at ? isoOrDash(u.signed_in_at) : 'never']);
    return succeed(input, { data: users.map(presentUser) }, table(['ID', 'EMAIL', 'NAME', 'ROLE', 'STATUS', 'LAST SIGN-IN'], rows));
  },
};

export const userCommands = [create, invite, setRole, remove, list];
