import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { executeCommand } from '../../../src/cli/command.ts';
import { databaseCommands, findCommand } from '../../../src/cli/commands.ts';
import { MAX_ABOUT_LENGTH } from '../../../src/operator/companies.ts';
import { startTestApp } from '../../helpers/app.ts';

/**
 * How the operator hides a company's impact page and sets its text (`canopy companies
 * update --impact-page --about --about-nl`), run in this process as `canopy serve` runs
 * the CLI: what is stored, what is refused (with the option at fault), and what the page
 * then answers.
 */
const app = await startTestApp();
const run = (args: string[]) => {
  const found = findCommand(databaseCommands, ['companies', ...args])!;
  return executeCommand(found.spec, { db: app.db, baseUrl: app.baseUrl }, found.args);
};

describe('canopy companies update: the impact page', async () => {
  const created = await run(['create', '--name', 'Hazel & Oak Tea', '--plan', 'grow', '--json']);
  const company = JSON.parse(created.output);

  test('a new company shows its page, with no text', () => {
    assert.equal(company.impact_page, 'public');
    assert.deepEqual(company.about, { en: null, nl: null });
  });

  test('--about and --about-nl are stored trimmed, with their line breaks; "" clears one', async () => {
    const set = await run(['update', company.id, '--about', '  We give a tree\r\nfor every order.  ', '--about-nl', 'Wij geven een boom per bestelling.', '--json']);
    assert.equal(set.exitCode, 0, set.output);
    assert.deepEqual(JSON.parse(set.output).about, { en: 'We give a tree\nfor every order.', nl: 'Wij geven een boom per bestelling.' });
    const page = await app.request('GET', `/impact/${company.slug}?lang=en`, { headers: { accept: 'text/html' } });
    assert.equal(page.status, 200);
    assert.match(page.text, /We give a tree\nfor every order\./);
    const cleared = await run(['update', company.id, '--about-nl', '', '--json']);
    assert.deepEqual(JSON.parse(cleared.output).about, { en: 'We give a tree\nfor every order.', nl: null });
    // A Dutch reader then reads the English text, marked as English.
    const dutch = await app.request('GET', `/impact/${company.slug}?lang=nl`, { headers: { accept: 'text/html' } });
    assert.match(dutch.text, /<p class="about" lang="en">We give a tree/);
  });

  test('a text is escaped on the page', async () => {
    await run(['update', company.id, '--about', '<script>alert(1)</script> & more']);
    const page = await app.request('GET', `/impact/${company.slug}`, { headers: { accept: 'text/html' } });
    assert.doesNotMatch(page.text, /<script>alert/);
    assert.match(page.text, /&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; more/);
  });

  test('refusals name the option and change nothing', async () => {
    const long = await run(['update', company.id, '--about', 'x'.repeat(MAX_ABOUT_LENGTH + 1), '--json']);
    assert.equal(long.exitCode, 1);
    assert.deepEqual(JSON.parse(long.output).error, { code: 'detail_invalid', option: '--about', message: `The text can be at most ${MAX_ABOUT_LENGTH} characters.` });
    const fits = await run(['update', company.id, '--about', 'é'.repeat(MAX_ABOUT_LENGTH), '--json']);
    assert.equal(fits.exitCode, 0, 'characters are counted, not bytes');
    const control = await run(['update', company.id, '--about-nl', 'bel\u0007', '--json']);
    assert.equal(JSON.parse(control.output).error.option, '--about-nl');
    const mode = await run(['update', company.id, '--impact-page', 'secret', '--about', 'not stored', '--json']);
    assert.deepEqual(JSON.parse(mode.output).error, { code: 'detail_invalid', option: '--impact-page', message: 'The impact page is "public" or "hidden"; got "secret".' });
    const row = await app.db.selectFrom('companies').select(['impact_page_public', 'about_en']).where('id', '=', company.id).executeTakeFirstOrThrow();
    assert.deepEqual(row, { impact_page_public: true, about_en: 'é'.repeat(MAX_ABOUT_LENGTH) });
  });

  test('hidden: the page says it is not public (404, noindex), the JSON refuses with its code; public again shows it', async () => {
    const hidden = await run(['update', company.id, '--impact-page', 'hidden']);
    assert.equal(hidden.exitCode, 0, hidden.output);
    assert.match(hidden.output, /impact page\s+hidden/);
    const page = await app.request('GET', `/impact/${company.slug}?lang=en`, { headers: { accept: 'text/html' } });
    assert.equal(page.status, 404);
    assert.match(page.text, /This impact page is not public/);
    assert.equal(page.headers.get('x-robots-tag'), 'noindex');
    assert.doesNotMatch(page.text, /é{10}/, 'the hidden page shows nothing of the company');
    const json = await app.request('GET', `/impact/${company.slug}.json`);
    assert.equal(json.status, 404);
    assert.equal((json.body as { error: Record<string, unknown> }).error.code, 'impact_page_not_public');
    assert.equal((json.body as { error: Record<string, unknown> }).error.param, 'slug');
    const api = await app.db.selectFrom('companies').select('slug').where('id', '=', company.id).executeTakeFirstOrThrow();
    assert.equal(api.slug, company.slug, 'the address stays');
    await run(['update', company.id, '--impact-page', 'public']);
    assert.equal((await app.request('GET', `/impact/${company.slug}`, { headers: { accept: 'text/html' } })).status, 200);
  });
});
