import { SCOPES } from '../core/scopes.ts';
import { getCompany } from '../operator/companies.ts';
import { OperatorError } from '../operator/errors.ts';
import { createToken, listTokens, revokeToken, rollToken } from '../operator/tokens.ts';
import { type CommandSpec, listOption, optionalOption, requiredOption, succeed, table } from './command.ts';

const create: CommandSpec = {
  path: ['tokens', 'create'],
  summary: 'Creates an API token for an admin of the company and prints it once: only its hash is kept.',
  usage: [
    '--company COMPANY_ID --owner EMAIL --scopes SCOPE,SCOPE|all --mode live|test',
    '       [--name NAME] [--expires-at ISO_TIME] [--ip-allowlist CIDR,CIDR] [--json]',
    '   or: --v1 --company COMPANY_ID --owner EMAIL [--name NAME] [--expires-at ISO_TIME] [--ip-allowlist CIDR,CIDR] [--json]',
    '',
    `Scopes: ${SCOPES.join(', ')}`,
    '--v1 makes a token of the legacy v1 API (canopy_v1_...), for an old integration: it works on /v1 only, has no scopes and no test mode.',
  ].join('\n'),
  options: {
    company: { type: 'string' },
    owner: { type: 'string' },
    scopes: { type: 'string' },
    mode: { type: 'string' },
    name: { type: 'string' },
    'expires-at': { type: 'string' },
    'ip-allowlist': { type: 'string' },
    v1: { type: 'boolean' },
  },
  async run({ db }, input) {
    const companyId = requiredOption(input, 'company');
    const ownerEmail = requiredOption(input, 'owner');
    const v1 = input.values.v1 === true;
    if (v1 && (input.values.scopes !== undefined || input.values.mode !== undefined)) {
      throw new OperatorError('A v1 token has no scopes and no test mode: leave out --scopes and --mode with --v1.');
    }
    const scopes = v1 ? [] : requiredOption(input, 'scopes') === 'all' ? 'all' : listOption(input, 'scopes');
    const mode = v1 ? 'live' : requiredOption(input, 'mode');
    if (mode !== 'live' && mode !== 'test') throw new OperatorError(`--mode must be live or test, not "${mode}".`);
    const expiresAtText = optionalOption(input, 'expires-at');
    const expiresAt = expiresAtText ? new Date(expiresAtText) : null;
    if (expiresAt && Number.isNaN(expiresAt.getTime())) throw new OperatorError(`--expires-at "${expiresAtText}" is not an ISO 8601 time.`);
    const token = await createToken(db, {
      companyId,
      ownerEmail,
      scopes,
      livemode: mode === 'live',
      apiVersion: v1 ? 'v1' : 'v2',
      name: optionalOption(input, 'name'),
      expiresAt,
      ipAllowlist: listOption(input, 'ip-allowlist'),
    });
    const what = v1 ? 'v1 token (legacy API, /v1 only)' : `${mode} token`;
    const human = [
      `Created ${what} ${token.id} for ${token.owner_email}${v1 ? '' : ` with ${token.scopes.length} scope(s)`}${token.expires_at ? `, expires ${token.expires_at}` : ''}:`,
      '',
      `  ${token.token}`,
      '',
      'Store it now: it is shown only this once.',
    ].join('\n');
    return succeed(input, token, human);
  },
};

const revoke: CommandSpec = {
  path: ['tokens', 'revoke'],
  summary: 'Revokes a token; the API rejects it from the next request on.',
  usage: 'TOKEN_ID [--json]',
  positionals: ['TOKEN_ID'],
  async run({ db }, input) {
    const token = await revokeToken(db, input.positionals[0] ?? '');
    return succeed(input, token, `Revoked ${token.id} (${token.display}).`);
  },
};

const roll: CommandSpec = {
  path: ['tokens', 'roll'],
  summary: 'Rolls a token: prints a new value once; the old value keeps working for the overlap, then is refused.',
  usage: [
    'TOKEN_ID --owner EMAIL --overlap none|1h|24h|7d [--json]',
    '',
    'The new value has the same name, scopes, mode, expiry and allowlist, and acts as --owner (an admin).',
  ].join('\n'),
  positionals: ['TOKEN_ID'],
  options: { owner: { type: 'string' }, overlap: { type: 'string' } },
  async run({ db }, input) {
    const token = await rollToken(db, {
      tokenId: input.positionals[0] ?? '',
      ownerEmail: requiredOption(input, 'owner'),
      overlap: requiredOption(input, 'overlap'),
    });
    const human = [
      `Rolled ${token.rolled_from} to ${token.id} for ${token.owner_email}; the old value works ${input.values.overlap === 'none' ? 'no longer' : `for ${input.values.overlap} more`}. The new value:`,
      '',
      `  ${token.token}`,
      '',
      'Store it now: it is shown only this once.',
    ].join('\n');
    return succeed(input, token, human);
  },
};

const list: CommandSpec = {
  path: ['tokens', 'list'],
  summary: 'Lists the tokens of a company, newest first (never their secret).',
  usage: '--company COMPANY_ID [--json]',
  options: { company: { type: 'string' } },
  async run({ db }, input) {
    const company = await getCompany(db, requiredOption(input, 'company'));
    const tokens = await listTokens(db, company.id);
    const rows = tokens.map((t) => [
      t.id, t.mode, t.display, t.name, t.owner_email,
      t.scopes.length === SCOPES.length ? 'all' : t.scopes.join(',') || '-', t.status,
      t.last_used_at ? `${t.last_used_at} from ${t.last_used_ip ?? '?'}` : 'never',
    ]);
    return succeed(input, { data: tokens }, table(['ID', 'MODE', 'TOKEN', 'NAME', 'OWNER', 'SCOPES', 'STATUS', 'LAST USED'], rows));
  },
};

export const tokenCommands = [create, roll, revoke, list];
