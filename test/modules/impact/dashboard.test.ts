import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setCompanyPlan } from '../../../src/operator/companies.ts';
import { startTestApp } from '../../helpers/app.ts';
import { type DashboardBrowser, signedInBrowser } from '../../helpers/dashboard.ts';
import { MAIN, makeMainCompany, makePledgedOnly, makeTestOnly, newCompany } from '../../helpers/impact-world.ts';

/**
 * The dashboard's home (/dashboard) and public profile (/dashboard/profile) as a signed-in
 * person gets them, over real HTTP on a real database, for companies built through the
 * foundation's operations: each figure is the GET /v2/company field it names, pledged trees
 * are never planted, members read and admins change the profile (checked, audited, at once on
 * the public page, nothing half-saved), and no company sees another's data.
 */

const PUBLIC = 'http://canopy.test';
const app = await startTestApp();
const main = await makeMainCompany(app, PUBLIC);
const pledgedOnly = await makePledgedOnly(app, PUBLIC);

/** The number a figure shows (data-field="..."), as written in English. */
function figure(html: string, field: string): number {
  const match = new RegExp(`data-field="${field.replace('.', '\\.')}"><span class="value">([0-9,.]+)</span>`).exec(html);
  assert.ok(match, `the page shows the figure ${field}`);
  return Number(match[1]!.replace(/,/g, ''));
}
/** The page's words as a reader reads them: no tags, no styles. */
function readable(html: string): string {
  return html.replace(/<style[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
}
/** A planting's row of the overview's table. */
function plantingRow(html: string, plantingId: string): string {
  const start = html.indexOf(`data-planting="${plantingId}"`);
  assert.ok(start >= 0, `the overview lists ${plantingId}`);
  return html.slice(start, html.indexOf('</tr>', start));
}
async function plantingIdOf(ref: string): Promise<string> {
  return (await app.db.selectFrom('plantings').select('id').where('foundation_ref', '=', ref).executeTakeFirstOrThrow()).id;
}
async function profileOf(companyId: string) {
  return app.db.selectFrom('companies').select(['impact_page_public', 'about_en', 'about_nl', 'logo_url', 'website_url', 'contact_email', 'privacy_url', 'updated_at']).where('id', '=', companyId).executeTakeFirstOrThrow();
}
async function auditOf(companyId: string) {
  return app.db.selectFrom('audit_log').select(['action', 'target_id', 'details', 'user_id', 'actor_email']).where('company_id', '=', companyId).orderBy('created_at').execute();
}

describe('the overview', () => {
  test('every figure is the GET /v2/company field it names, in live and in test mode', async () => {
    const { browser } = await signedInBrowser(app, main.company.id, { role: 'member' });
    const page = await browser.get('/dashboard?lang=en');
    assert.equal(page.status, 200);
    const api = (await app.get('/v2/company', main.company.live)).body;
    assert.equal(figure(page.text, 'trees.total'), api.trees.total);
    assert.equal(figure(page.text, 'trees.pledged'), api.trees.pledged);
    assert.equal(figure(page.text, 'trees.planted'), api.trees.planted);
    assert.equal(figure(page.text, 'trees.monitored'), api.trees.monitored);
    assert.equal(figure(page.text, 'trees_unassigned'), api.trees_unassigned);
    assert.equal(figure(page.text, 'passed_on'), api.trees.total - api.trees_unassigned);
    // Recomputed from the fixtures: live trees only (the 70 test trees left out).
    assert.equal(api.trees.total, MAIN.a1.trees + MAIN.a2.trees + MAIN.a3.trees + MAIN.b1.trees + MAIN.c1.trees);
    assert.equal(api.trees.pledged, MAIN.a3.trees + MAIN.c1.trees);
    assert.equal(figure(page.text, 'passed_on'), MAIN.passedOn.api + MAIN.passedOn.gift + MAIN.passedOn.foundation);
    assert.match(readable(page.text), /Live figures/);
    // Survival as the public page weighs it: A1 300 trees at 90%, B1 500 at 80% (A2's count predates its planting).
    const rate = Math.round(((MAIN.a1.trees * MAIN.a1.count.rate + MAIN.b1.trees * MAIN.b1.count.rate) / (MAIN.a1.trees + MAIN.b1.trees)) * 100);
    assert.match(readable(page.text), new RegExp(`${rate}% alive at the latest measurements of 800 trees`));

    const test = await browser.get('/dashboard?mode=test&lang=en');
    const testApi = (await app.get('/v2/company', main.company.test)).body;
    assert.equal(testApi.trees.total, MAIN.testTrees);
    assert.equal(figure(test.text, 'trees.total'), testApi.trees.total);
    assert.equal(figure(test.text, 'trees.monitored'), testApi.trees.monitored);
    assert.match(readable(test.text), /Test data: what your test tokens made\. It never shows on your public page/);
    assert.match(test.text, /aria-current="page">Test data</);
    // A test planting has no public page to link to.
    assert.doesNotMatch(test.text, /\/plantings\/plt_/);
  });

  test('pledged trees are pledged, never planted or growing; planted ones show their date and proof', async () => {
    const { browser } = await signedInBrowser(app, main.company.id);
    const page = await browser.get('/dashboard?lang=en');
    const pledged = plantingRow(page.text, await plantingIdOf(main.refs.a3));
    assert.match(readable(pledged), /Pledged, to be planted/);
    assert.match(readable(pledged), /Not planted yet/);
    assert.doesNotMatch(readable(pledged), /Planted on|alive/);
    const a1 = plantingRow(page.text, await plantingIdOf(main.refs.a1));
    assert.match(readable(a1), /Planted on 15 April 2024/);
    assert.match(readable(a1), /90% alive on 1 May 2025/);
    assert.match(readable(a1), new RegExp(`Verified by ${MAIN.aStatement.verifier} through 31 December 2024`));
    assert.match(a1, new RegExp(`href="/impact/${main.company.slug}/plantings/plt_[^"?]+\\?lang=en"`));
    // A2's only count is dated before it was planted: not shown as its survival; planted after the statement's period: not verified by it.
    const a2 = plantingRow(page.text, await plantingIdOf(main.refs.a2));
    assert.match(readable(a2), /Not measured since your trees were planted/);
    assert.match(readable(a2), /No statement covering your trees yet/);
    assert.doesNotMatch(readable(page.text), /grow/i);

    const only = await signedInBrowser(app, pledgedOnly.id);
    for (const language of ['en', 'nl'] as const) {
      const text = readable((await only.browser.get(`/dashboard?lang=${language}`)).text);
      if (language === 'en') {
        assert.match(text, /250 Pledged paid for, to be planted/);
        assert.match(text, /0 Planted in the ground/);
        assert.match(text, /Nothing to measure yet: your trees are still to be planted/);
        assert.doesNotMatch(text, /Planted on|alive on|grow/i);
      } else {
        assert.match(text, /250 Toegezegd betaald, te planten/);
        assert.match(text, /Nog niets te meten/);
        assert.doesNotMatch(text, /Geplant op|levend op|groei/i);
      }
    }
  });

  test('a company without trees gets an honest empty state; one below automate has no test data to switch to', async () => {
    const empty = await newCompany(app, 'Brand New Bicycles');
    await setCompanyPlan(app.db, empty.id, 'starter');
    const { browser } = await signedInBrowser(app, empty.id);
    const page = await browser.get('/dashboard?lang=en');
    assert.equal(page.status, 200);
    assert.match(readable(page.text), /No trees yet When the foundation registers trees for your company, they appear here at once/);
    assert.doesNotMatch(page.text, /class="figures"/);
    assert.doesNotMatch(page.text, /Test data/);
    const asked = await browser.get('/dashboard?mode=test&lang=nl');
    assert.match(readable(asked.text), /Live cijfers/, 'test mode asked for below automate: the live figures');
    assert.match(readable(asked.text), /Nog geen bomen/);
  });

  test('another company\'s data never appears', async () => {
    const other = await makeTestOnly(app, PUBLIC, 'Elsewhere Bakery Collective');
    const { browser } = await signedInBrowser(app, other.id);
    const live = await browser.get('/dashboard?lang=en');
    const test = await browser.get('/dashboard?mode=test&lang=en');
    for (const page of [live, test]) {
      assert.doesNotMatch(page.text, new RegExp(`${main.company.slug}|${MAIN.name}|Kabaru|Veluwe|Usambara|${main.company.id}`));
      assert.match(page.text, /Elsewhere Bakery Collective/);
    }
    assert.equal(figure(test.text, 'trees.total'), 80);
    assert.match(readable(live.text), /No trees yet/);
    // Its profile page is its own, whatever is asked.
    const profile = await browser.get(`/dashboard/profile?company=${main.company.id}`);
    assert.doesNotMatch(profile.text, new RegExp(`${main.company.slug}|We roast coffee in Utrecht`));
  });
});

describe('the public profile', () => {
  async function admin(): Promise<DashboardBrowser> {
    const { browser } = await signedInBrowser(app, main.company.id, { role: 'admin' });
    await browser.get('/dashboard/profile?lang=en');
    return browser;
  }
  const form = (fields: Record<string, string> = {}) => ({
    impact_page: 'public', about_en: 'We roast coffee in Utrecht.', about_nl: 'We branden koffie in Utrecht.', logo_url: '', website_url: 'https://fairbrook.example/',
    contact_email: 'hello@fairbrook.example', privacy_url: '', ...fields,
  });

  test('a member reads it but cannot change it: no form, and a form sent directly is refused (403)', async () => {
    const { browser } = await signedInBrowser(app, main.company.id, { role: 'member' });
    const page = await browser.get('/dashboard/profile?lang=en');
    assert.equal(page.status, 200);
    assert.match(readable(page.text), /Only admins of your company can change these/);
    assert.doesNotMatch(page.text, /action="\/dashboard\/profile/);
    assert.match(page.text, /We roast coffee in Utrecht/);
    const before = await profileOf(main.company.id);
    const entries = (await auditOf(main.company.id)).length;
    const refused = await browser.post('/dashboard/profile', form({ about_en: 'A member wrote this.', impact_page: 'hidden' }));
    assert.equal(refused.status, 403);
    assert.match(readable(refused.text), /Only admins can open this page/);
    assert.deepEqual(await profileOf(main.company.id), before);
    assert.equal((await auditOf(main.company.id)).length, entries);
  });

  test('an admin\'s change shows on the public page at once, and is in the audit log with the fields changed', async () => {
    const browser = await admin();
    // The public page read first: it is kept in memory by its stamp (modules/impact/cache.ts).
    assert.match((await app.get(`/impact/${main.company.slug}?lang=en`)).text, /We roast coffee in Utrecht and pay for one tree per bag/);
    const saved = await browser.post('/dashboard/profile?lang=en', form({ about_en: 'Now with a new text.\n\nTwo paragraphs.' }));
    assert.equal(saved.status, 303, saved.text.slice(0, 500));
    const after = await browser.follow(saved);
    assert.match(readable(after.text), /Saved: Your text in English, Your text in Dutch, Website, Contact email\. Your public page shows it now\./);
    const publicPage = await app.get(`/impact/${main.company.slug}?lang=en`);
    assert.match(publicPage.text, /Now with a new text\.\s+Two paragraphs\./);
    const stored = await profileOf(main.company.id);
    assert.equal(stored.website_url, 'https://fairbrook.example/');
    assert.equal(stored.contact_email, 'hello@fairbrook.example');
    const entry = (await auditOf(main.company.id)).at(-1)!;
    assert.equal(entry.action, 'company.profile_updated');
    assert.equal(entry.target_id, main.company.id);
    assert.deepEqual(entry.details, {
      fields: ['about_en', 'about_nl', 'website_url', 'contact_email'],
      values: { website_url: 'https://fairbrook.example/', contact_email: 'hello@fairbrook.example' },
    });

    // The same form again changes nothing and writes nothing.
    const entries = (await auditOf(main.company.id)).length;
    await browser.get('/dashboard/profile');
    const again = await browser.post('/dashboard/profile', form({ about_en: 'Now with a new text.\n\nTwo paragraphs.' }));
    assert.match(again.location ?? '', /done=unchanged/);
    assert.equal((await auditOf(main.company.id)).length, entries, 'no second entry');
    assert.match(readable((await browser.follow(again)).text), /Nothing was changed\./);

    // Hidden: at once "not public", and the overview says so.
    await browser.get('/dashboard/profile');
    const hidden = await browser.post('/dashboard/profile', form({ about_en: 'Now with a new text.\n\nTwo paragraphs.', impact_page: 'hidden' }));
    assert.equal(hidden.status, 303);
    const gone = await app.get(`/impact/${main.company.slug}?lang=en`);
    assert.equal(gone.status, 404);
    assert.match(gone.text, /This impact page is not public/);
    assert.deepEqual((await auditOf(main.company.id)).at(-1)!.details, { fields: ['impact_page_public'], values: { impact_page_public: false } });
    const overview = await browser.get('/dashboard?lang=en');
    assert.match(overview.text, /data-field="impact_page_public">Hidden</);
    assert.match(readable(overview.text), /On your public page, once it is public/);
    await browser.get('/dashboard/profile');
    assert.equal((await browser.post('/dashboard/profile', form({ about_en: 'We roast coffee in Utrecht and pay for one tree per bag.' }))).status, 303);
    assert.equal((await app.get(`/impact/${main.company.slug}?lang=en`)).status, 200);
  });

  test('bad input is refused in the form, by field, in the reader\'s language, and nothing is saved', async () => {
    const browser = await admin();
    const before = await profileOf(main.company.id);
    const entries = (await auditOf(main.company.id)).length;
    const long = 'é'.repeat(601);
    const refused = await browser.post('/dashboard/profile?lang=en', form({ about_en: long, about_nl: 'Een goede tekst.', website_url: 'http://fairbrook.example/', contact_email: 'hello@@fairbrook' }));
    assert.equal(refused.status, 422);
    const text = readable(refused.text);
    assert.match(text, /Nothing was saved\. Please correct:/);
    assert.match(refused.text, /id="about_en-error">Shorten the text to at most 600 characters\. \(601 characters now\)</);
    assert.match(refused.text, /id="website_url-error">Use an https:\/\/ address/);
    assert.match(refused.text, /id="contact_email-error">Enter an email address/);
    assert.doesNotMatch(refused.text, /id="about_nl-error"/);
    assert.match(refused.text, /id="website_url" name="website_url" value="http:\/\/fairbrook.example\/"[^>]*aria-invalid="true"/);
    assert.ok(refused.text.includes(`>${long}</textarea>`), 'what was typed stays in the form');
    assert.deepEqual(await profileOf(main.company.id), before, 'nothing saved, not even the good Dutch text');
    assert.equal((await auditOf(main.company.id)).length, entries);

    const nl = await browser.post('/dashboard/profile?lang=nl', form({ logo_url: 'not an address', privacy_url: 'https://user:pw@fairbrook.example/privacy' }), { 'accept-language': 'nl' });
    assert.equal(nl.status, 422);
    assert.match(nl.text, /id="logo_url-error">Vul een volledig adres in/);
    assert.match(nl.text, /id="privacy_url-error">Laat de gebruikersnaam en het wachtwoord weg/);
    assert.deepEqual(await profileOf(main.company.id), before);

    const noToken = await browser.post('/dashboard/profile', { ...form({ about_en: 'Sent without its form token.' }), _csrf: null });
    assert.equal(noToken.status, 403);
    assert.deepEqual(await profileOf(main.company.id), before);
  });
});
