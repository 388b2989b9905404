import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createCompany } from '../src/operator/companies.ts';
import { createToken } from '../src/operator/tokens.ts';
import { createUser } from '../src/operator/users.ts';
import { startTestApp } from './helpers/app.ts';
import * as make from './helpers/factories.ts';

/** Fields the spec declares as strings are never null (section 2): a logo without a logo, notes without notes. */

const app = await startTestApp();

describe('declared types hold', () => {
  test('a company without a logo has logo_url pointing at its generated initials, which Canopy serves', async () => {
    const company = await make.companyWithTokens(app.db, { name: 'Fairbrook & Sons Coffee' });
    const body = (await app.get('/v2/company', company.live)).body;
    const slug = (await app.db.selectFrom('companies').select('slug').where('id', '=', company.id).executeTakeFirstOrThrow()).slug;
    assert.equal(body.logo_url, `http://canopy.test/impact/${slug}/logo.svg`);

    const logo = await app.get(`/impact/${slug}/logo.svg`);
    assert.equal(logo.status, 200);
    assert.match(logo.headers.get('content-type') ?? '', /^image\/svg\+xml/);
    assert.match(logo.text, /<svg [^>]*>.*>FS<\/text><\/svg>$/s, 'the initials of its first two words');
    assert.match(logo.text, /<title>Fairbrook &amp; Sons Coffee<\/title>/, 'the name is escaped');
    assert.equal((await app.get('/impact/no-such-company/logo.svg')).status, 404);
  });

  test('a company with a logo keeps it', async () => {
    const company = await createCompany(app.db, { name: 'Logo BV', logoUrl: 'https://logo.example/l.png' });
    await createUser(app.db, { companyId: company.id, email: 'logo@example.com', role: 'admin' });
    const token = await createToken(app.db, { companyId: company.id, ownerEmail: 'logo@example.com', scopes: ['company:read'], livemode: true });
    assert.equal((await app.get('/v2/company', token.token)).body.logo_url, 'https://logo.example/l.png');
  });

  test('a measurement without notes has empty notes, in lists and in latest_monitoring', async () => {
    const company = await make.companyWithTokens(app.db);
    const project = await make.project(app.db);
    const planting = await make.planting(app.db, project);
    await make.allocation(app.db, company, planting);
    const measured = await make.monitoring(app.db, project, { plantingId: planting.id });
    await app.db.updateTable('monitorings').set({ notes: null }).where('id', '=', measured.id).execute();
    const list = (await app.get(`/v2/projects/${project.id}/monitoring`, company.live)).body.data;
    assert.equal(list[0].notes, '');
    assert.equal((await app.get(`/v2/plantings/${planting.id}`, company.live)).body.latest_monitoring.notes, '');
  });
});
