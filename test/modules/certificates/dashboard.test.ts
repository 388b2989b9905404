import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { randomAlphanumeric } from '../../../src/core/ids.ts';
import { startTestApp } from '../../helpers/app.ts';
import { signedInBrowser } from '../../helpers/dashboard.ts';
import * as make from '../../helpers/factories.ts';

/**
 * Certificates in the dashboard through plain HTTP (issue 26): the list shows what
 * GET /v2/certificates shows (type, number, trees, to whom, issued), each row opens the
 * public page and downloads the PDF by the API's signed link; every plan, every role;
 * another company's certificates are not there; test mode on automate.
 */
const app = await startTestApp();

async function giveTrees(token: string, body: Record<string, unknown>) {
  const created = await app.request('POST', '/v2/recipients', { token, headers: { 'idempotency-key': randomAlphanumeric(16) }, body });
  assert.equal(created.status, 200, created.text);
  return created.body as { id: string };
}

const rowsOf = (html: string) => [...html.matchAll(/<tr id="(cert_\w+)">([\s\S]*?)<\/tr>/g)].map((match) => ({ id: match[1]!, html: match[2]! }));

describe('certificates in the dashboard', () => {
  test('the list shows every certificate as the API does; each opens its page and downloads its PDF', async () => {
    const { company, token } = await make.companyWithTrees(app.db, { trees: 50, name: 'Fairbrook Coffee Roasters' });
    await giveTrees(token, { trees: 3, first_name: 'Zoë', last_name: 'Jansen', email: 'zoe@example.nl', language: 'nl' });
    await giveTrees(token, { trees: 5, first_name: 'Ada', email: 'ada@example.com' });
    await app.runJobs();
    const api = (await app.get('/v2/certificates?limit=100', token)).body.data as { id: string; type: string; number: string; trees: number; url: string; download_url: string }[];
    assert.ok(api.length >= 2, `${api.length} certificates`);

    for (const role of ['member', 'admin'] as const) {
      const { browser } = await signedInBrowser(app, company.id, { role });
      const page = await browser.get('/dashboard/certificates');
      assert.equal(page.status, 200);
      assert.match(page.text, /href="\/dashboard\/certificates" aria-current="page"/, 'in the menu');
      const rows = rowsOf(page.text);
      assert.deepEqual(rows.map((row) => row.id), api.map((certificate) => certificate.id), 'the same certificates, newest first');
      for (const certificate of api) {
        const row = rows.find((r) => r.id === certificate.id)!.html;
        assert.match(row, new RegExp(certificate.number));
        assert.match(row, new RegExp(`>${certificate.trees}<`));
        assert.ok(row.includes(`href="${certificate.url}"`), 'opens the public page');
      }
      assert.match(rows.find((row) => /Zoë Jansen/.test(row.html))!.html, />Personal</);
      assert.match(page.text, /Ada/);
    }

    // The PDF through the link the page gives, as a browser follows it.
    const { browser } = await signedInBrowser(app, company.id);
    const page = await browser.get('/dashboard/certificates?type=personal');
    const link = /href="(http:\/\/canopy\.test\/certificates\/cert_\w+\/download\?expires=\d+&amp;signature=[0-9a-f]{64})"/.exec(page.text)?.[1];
    assert.ok(link, 'a signed download link');
    const pdf = await fetch(`${app.baseUrl}${new URL(link.replace(/&amp;/g, '&')).pathname}${new URL(link.replace(/&amp;/g, '&')).search}`);
    assert.equal(pdf.status, 200);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    assert.ok(rowsOf(page.text).length === 2, 'filtered by type: the two personal ones');
  });

  test("every plan sees its certificates; another company's are not listed; test mode on automate", async () => {
    const a = await make.companyWithTrees(app.db, { trees: 50 });
    const b = await make.companyWithTrees(app.db, { trees: 50 });
    await giveTrees(b.token, { trees: 2, first_name: 'Bea', email: 'bea@example.com' });
    await app.runJobs();
    await app.db.updateTable('companies').set({ plan: 'starter' }).where('id', '=', a.company.id).execute();
    const { browser } = await signedInBrowser(app, a.company.id, { role: 'member' });
    const page = await browser.get('/dashboard/certificates');
    assert.equal(page.status, 200);
    assert.doesNotMatch(page.text, /Bea/);
    const theirs = await app.db.selectFrom('certificates').select('id').where('company_id', '=', b.company.id).execute();
    for (const certificate of theirs) assert.ok(!page.text.includes(certificate.id));
    assert.doesNotMatch(page.text, /nav class="modes"/, 'test mode is automate\'s');

    assert.equal((await app.request('POST', '/v2/test_helpers/allocations', { token: b.company.test, body: { trees: 4 } })).status, 200);
    await giveTrees(b.company.test, { trees: 1, first_name: 'Tess', email: 'tess@example.com' });
    await app.runJobs();
    const { browser: bBrowser } = await signedInBrowser(app, b.company.id);
    const testPage = await bBrowser.get('/dashboard/certificates?mode=test');
    assert.match(testPage.text, /Tess/);
    assert.doesNotMatch(testPage.text, /Bea/);
    assert.doesNotMatch((await bBrowser.get('/dashboard/certificates')).text, /Tess/);
  });
});
