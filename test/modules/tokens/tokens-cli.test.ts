import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { cliWorkspace } from '../../helpers/cli.ts';

/**
 * The operator's token commands over the tokens feature's service (issue 25): `tokens roll`
 * prints a new value once, the list shows each token's status and last use, and a refusal
 * is one line without a stack. In this process, against a data folder of its own.
 */
const embedded = !process.env.DATABASE_URL;
const { workDir, inProcess: run, inProcessJson: runJson, useFreshPostgresDatabase } = cliWorkspace('canopy-tokens-cli');

describe('canopy tokens', () => {
  let dropDatabase = async () => {};
  before(async () => {
    if (!embedded) dropDatabase = await useFreshPostgresDatabase();
  });
  after(async () => {
    await dropDatabase();
    rmSync(workDir, { recursive: true, force: true });
  });

  test('roll prints a new value once; list shows the old one expiring, then the API-facing statuses', async () => {
    const company = await runJson(['companies', 'create', '--name', 'Rol BV', '--country', 'nl']);
    await runJson(['users', 'create', '--company', company.id, '--email', 'ops@rol.nl', '--role', 'admin']);
    await runJson(['users', 'create', '--company', company.id, '--email', 'lid@rol.nl', '--role', 'member']);
    const created = await runJson(['tokens', 'create', '--company', company.id, '--owner', 'ops@rol.nl', '--scopes', 'company:read', '--mode', 'live', '--name', 'ERP']);

    const rolled = await runJson(['tokens', 'roll', created.id, '--owner', 'ops@rol.nl', '--overlap', '24h']);
    assert.match(rolled.token, /^canopy_live_[A-Za-z0-9]{32}$/);
    assert.notEqual(rolled.token, created.token);
    assert.deepEqual([rolled.name, rolled.scopes, rolled.rolled_from, rolled.owner_email, rolled.status], ['ERP', ['company:read'], created.id, 'ops@rol.nl', 'active']);

    const { data } = await runJson(['tokens', 'list', '--company', company.id]);
    const old = data.find((t: { id: string }) => t.id === created.id);
    assert.deepEqual([old.status, old.rolled_to], ['expiring', rolled.id]);
    assert.ok(Math.abs(Date.parse(old.expires_at) - (Date.now() + 86_400_000)) < 60_000);
    assert.ok(data.every((t: Record<string, unknown>) => !('token' in t) && !JSON.stringify(t).includes(created.token) && !JSON.stringify(t).includes(rolled.token)));
    const human = await run(['tokens', 'list', '--company', company.id]);
    assert.match(human.stdout, /expiring/);

    const twice = await run(['tokens', 'roll', created.id, '--owner', 'ops@rol.nl', '--overlap', 'none']);
    assert.equal(twice.code, 1);
    assert.match(twice.stderr, /already rolled; only an active token can be rolled/);
    assert.doesNotMatch(twice.stderr, /\n\s+at /);
    const member = await run(['tokens', 'roll', rolled.id, '--owner', 'lid@rol.nl', '--overlap', 'none']);
    assert.match(member.stderr, /lid@rol\.nl is a member; only admins create API tokens/);
    const badOverlap = await run(['tokens', 'roll', rolled.id, '--owner', 'ops@rol.nl', '--overlap', '2d']);
    assert.match(badOverlap.stderr, /--overlap must be one of none, 1h, 24h, 7d, not "2d"/);

    const revoked = await runJson(['tokens', 'revoke', created.id]);
    assert.equal(revoked.status, 'revoked');
  });
});
