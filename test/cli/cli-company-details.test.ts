import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { executeCommand } from '../../src/cli/command.ts';
import { databaseCommands, findCommand } from '../../src/cli/commands.ts';
import { startTestApp } from '../helpers/app.ts';
import { cliWorkspace } from '../helpers/cli.ts';

/**
 * How an operator sets a company's public face with the CLI, as they run it (against one
 * data folder, or a fresh PostgreSQL database with DATABASE_URL): its website, logo,
 * contact address (the Reply-To of its certificate emails) and privacy policy, on create
 * and with `companies update`; refusals name the option, with a stable code, and change
 * nothing. A child process costs seconds, so only the refusal's exit and stderr are a
 * child's; the create runs through the CLI's runner in this process (runCli, on the same
 * folder), and the finer cases run the same commands in this process (as `canopy serve`
 * runs them for the CLI), on a test database.
 */
const embedded = !process.env.DATABASE_URL;
const { workDir, canopy, inProcessJson, useFreshPostgresDatabase } = cliWorkspace('canopy-cli-details');

describe('canopy companies create and update: website, logo, contact address, privacy policy', () => {
  let dropDatabase = async () => {};
  let companyId = '';

  before(async () => {
    if (!embedded) dropDatabase = await useFreshPostgresDatabase();
  });
  after(async () => {
    await dropDatabase();
    rmSync(workDir, { recursive: true, force: true });
  });

  test('create takes them all and --json prints them', async () => {
    const company = await inProcessJson([
      'companies', 'create', '--name', 'Fairbrook Coffee Roasters', '--country', 'nl', '--website', 'https://fairbrook.example',
      '--logo', 'https://fairbrook.example/logo.png', '--contact-email', 'hello@fairbrook.example', '--privacy-url', 'https://fairbrook.example/privacy',
    ]);
    companyId = company.id;
    assert.match(companyId, /^cmp_/);
    assert.equal(company.country, 'NL');
    assert.equal(company.website_url, 'https://fairbrook.example/', 'stored as the URL parser writes it');
    assert.equal(company.logo_url, 'https://fairbrook.example/logo.png');
    assert.equal(company.contact_email, 'hello@fairbrook.example');
    assert.equal(company.privacy_url, 'https://fairbrook.example/privacy');
  });

  test('a refused detail names its option, with a stable code', async () => {
    const refused = await canopy(['companies', 'update', companyId, '--name', 'Renamed', '--contact-email', 'hello at fairbrook', '--json']);
    assert.equal(refused.code, 1);
    assert.deepEqual(JSON.parse(refused.stderr), {
      error: { code: 'detail_invalid', option: '--contact-email', message: '"hello at fairbrook" is not an email address (like hello@example.com).' },
    });
    assert.doesNotMatch(refused.stderr, /\n\s+at /);
  });
});

const app = await startTestApp();
const run = (args: string[]) => {
  const found = findCommand(databaseCommands, ['companies', ...args])!;
  return executeCommand(found.spec, { db: app.db, baseUrl: app.baseUrl }, found.args);
};

describe('canopy companies update, in process', () => {
  let companyId = '';
  before(async () => {
    const created = await run(['create', '--name', 'Fairbrook Coffee Roasters', '--country', 'nl', '--logo', 'https://fairbrook.example/logo.png',
      '--contact-email', 'hello@fairbrook.example', '--privacy-url', 'https://fairbrook.example/privacy', '--json']);
    companyId = JSON.parse(created.output).id;
  });

  test('refusals: the option at fault, an unknown company, nothing to change; each exit 1 without a stack', async () => {
    const human = await run(['update', companyId, '--privacy-url', 'http://fairbrook.example/privacy']);
    assert.equal(human.exitCode, 1);
    assert.equal(human.output, 'Error: --privacy-url: The privacy policy must be an https:// address (http:// only for localhost); "http://fairbrook.example/privacy" is not one.');
    const logo = await run(['update', companyId, '--logo', 'javascript:alert(1)', '--json']);
    assert.equal(JSON.parse(logo.output).error.option, '--logo');
    const secret = await run(['update', companyId, '--website', 'https://user:pass@fairbrook.example/', '--json']);
    assert.deepEqual(JSON.parse(secret.output).error, { code: 'detail_invalid', option: '--website', message: 'The website must not hold a user name or password.' });
    const unknown = await run(['update', 'cmp_000000000000000000000000', '--website', 'https://x.example', '--json']);
    assert.equal(unknown.exitCode, 1);
    assert.deepEqual(JSON.parse(unknown.output).error, { code: 'company_not_found', message: 'No company cmp_000000000000000000000000.' });
    const none = await run(['update', companyId]);
    assert.equal(none.exitCode, 1);
    assert.match(none.output, /Give at least one of --name, --country, --website, --logo, --contact-email, --privacy-url, --impact-page, --about, --about-nl\.\nSee: canopy companies update --help/);
    const half = await run(['update', companyId, '--name', 'Renamed', '--privacy-url', '', '--contact-email', 'hello at fairbrook', '--json']);
    assert.equal(JSON.parse(half.output).error.option, '--contact-email');
    const kept = await app.db.selectFrom('companies').select(['name', 'privacy_url', 'contact_email']).where('id', '=', companyId).executeTakeFirstOrThrow();
    assert.deepEqual(kept, { name: 'Fairbrook Coffee Roasters', privacy_url: 'https://fairbrook.example/privacy', contact_email: 'hello@fairbrook.example' }, 'nothing of the refused command applied');
    const noName = await run(['update', companyId, '--name', ' ', '--json']);
    assert.deepEqual(JSON.parse(noName.output).error, { code: 'detail_invalid', option: '--name', message: 'A company needs a name.' });
  });

  test('update changes what it is given, "" clears a detail, and the rest stays', async () => {
    const result = await run([
      'update', companyId, '--name', 'Fairbrook Roasters', '--privacy-url', '', '--contact-email', 'Service@Fairbrook.example', '--website', 'http://localhost:8080/shop', '--json',
    ]);
    assert.equal(result.exitCode, 0, result.output);
    const updated = JSON.parse(result.output);
    assert.equal(updated.name, 'Fairbrook Roasters');
    assert.equal(updated.slug, 'fairbrook-coffee-roasters', 'the slug stays: public addresses hold it');
    assert.equal(updated.privacy_url, null);
    assert.equal(updated.contact_email, 'Service@fairbrook.example');
    assert.equal(updated.website_url, 'http://localhost:8080/shop', 'http for this machine only');
    assert.equal(updated.logo_url, 'https://fairbrook.example/logo.png');
    assert.equal(updated.country, 'NL');
    assert.ok(updated.updated_at > updated.created_at);
  });
});
