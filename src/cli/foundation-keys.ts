import { createFoundationKey, listFoundationKeys, revokeFoundationKey } from '../operator/foundation-keys.ts';
import { type CommandSpec, isoOrDash, optionalOption, succeed, table } from './command.ts';

/** Keys of the donation foundation for the foundation API (docs/foundation.md); not company tokens. */

const create: CommandSpec = {
  path: ['foundation-keys', 'create'],
  summary: 'Creates a key for the foundation API and prints it once: only its hash is kept.',
  usage: '[--name NAME] [--json]',
  options: { name: { type: 'string' } },
  async run({ db, baseUrl }, input) {
    const key = await createFoundationKey(db, optionalOption(input, 'name'));
    const human = [
      `Created foundation key ${key.id} "${key.name}":`,
      '',
      `  ${key.key}`,
      '',
      'Store it now: it is shown only this once. It writes data for every company.',
      `The foundation sends it as "Authorization: Bearer ..." to ${baseUrl}/foundation/v1/operations.`,
    ].join('\n');
    return succeed(input, key, human);
  },
};

const list: CommandSpec = {
  path: ['foundation-keys', 'list'],
  summary: 'Lists the foundation keys, newest first (never their secret).',
  usage: '[--json]',
  async run({ db }, input) {
    const keys = await listFoundationKeys(db);
    const rows = keys.map((k) => [k.id, k.name, k.display, k.revoked_at ? `revoked ${k.revoked_at}` : 'active', isoOrDash(k.created_at)]);
    return succeed(input, { data: keys }, table(['ID', 'NAME', 'KEY', 'STATUS', 'CREATED'], rows));
  },
};

const revoke: CommandSpec = {
  path: ['foundation-keys', 'revoke'],
  summary: 'Revokes a foundation key; the foundation API rejects it from the next request on.',
  usage: 'FOUNDATION_KEY_ID [--json]',
  positionals: ['FOUNDATION_KEY_ID'],
  async run({ db }, input) {
    const key = await revokeFoundationKey(db, input.positionals[0] ?? '');
    return succeed(input, key, `Revoked foundation key ${key.id} (${key.display}).`);
  },
};

export const foundationKeyCommands = [create, list, revoke];
