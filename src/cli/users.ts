import { createUser, listUsers, type Role, removeUser, setUserRole } from '../operator/users.ts';
import { type CommandSpec, isoOrDash, optionalOption, requiredOption, succeed, table } from './command.ts';

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

const create: CommandSpec = {
  path: ['users', 'create'],
  summary: 'Adds a person to a company. Admins may create API tokens; tokens of members may only read.',
  usage: '--company COMPANY_ID --email EMAIL --role admin|member [--name NAME] [--json]',
  options: { company: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
  async run({ db }, input) {
    const user = await createUser(db, {
      companyId: requiredOption(input, 'company'),
      email: requiredOption(input, 'email'),
      role: requiredOption(input, 'role') as Role,
      name: optionalOption(input, 'name'),
    });
    return succeed(input, presentUser(user), `Added ${user.email} to ${user.company_id} as ${user.role} (${user.id}).`);
  },
};

const setRole: CommandSpec = {
  path: ['users', 'set-role'],
  summary: "Changes a member's role; their tokens follow the new role on the next request.",
  usage: '--company COMPANY_ID --email EMAIL --role admin|member [--json]',
  options: { company: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
  async run({ db }, input) {
    const user = await setUserRole(db, requiredOption(input, 'company'), requiredOption(input, 'email'), requiredOption(input, 'role'));
    return succeed(input, presentUser(user), `${user.email} is now ${user.role} of ${user.company_id}.`);
  },
};

const remove: CommandSpec = {
  path: ['users', 'remove'],
  summary: 'Removes a person from a company; every token they created stops working at once.',
  usage: '--company COMPANY_ID --email EMAIL [--json]',
  options: { company: { type: 'string' }, email: { type: 'string' } },
  async run({ db }, input) {
    const user = await removeUser(db, requiredOption(input, 'company'), requiredOption(input, 'email'));
    return succeed(input, presentUser(user), `Removed ${user.email} from ${user.company_id}; their tokens no longer work.`);
  },
};

const list: CommandSpec = {
  path: ['users', 'list'],
  summary: 'Lists the people of a company, removed ones included.',
  usage: '--company COMPANY_ID [--json]',
  options: { company: { type: 'string' } },
  async run({ db }, input) {
    const users = await listUsers(db, requiredOption(input, 'company'));
    const rows = users.map((u) => [u.id, u.email, u.name, u.role, u.removed_at ? `removed ${isoOrDash(u.removed_at)}` : 'active']);
    return succeed(input, { data: users.map(presentUser) }, table(['ID', 'EMAIL', 'NAME', 'ROLE', 'STATUS'], rows));
  },
};

export const userCommands = [create, setRole, remove, list];
