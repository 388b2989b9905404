import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { mintLink } from '../../../src/modules/accounts/links.ts';
import { recordChange } from '../../../src/platform/dashboard/audit.ts';
import { axeViolations, formatViolations } from '../../helpers/axe.ts';
import { launchChromium, SCREENSHOTS, withoutChromium } from '../../helpers/browser.ts';
import { personWithPassword } from '../../helpers/dashboard.ts';
import { startTestApp } from '../../helpers/app.ts';
import * as make from '../../helpers/factories.ts';
import { startSmtpSink } from '../../helpers/smtp-sink.ts';
import { accountMail, linkIn } from './helpers.ts';

/**
 * Signing in and the team in Chromium, without JavaScript, as people use them: an admin
 * invites a person on the team page, the person chooses a password with the emailed link,
 * lands in the dashboard, signs out and signs in again. Every page of the feature passes
 * axe-core and is photographed in English and Dutch on a phone and a desktop
 * (tmp/screenshots/accounts-*.png) to be looked at.
 */
const app = await startTestApp();
const sink = await startSmtpSink();
const mail = accountMail(app, sink);
const SCREENS = [['nl', 390], ['en', 1280]] as const;

describe('accounts in a browser', { skip: withoutChromium }, () => {
  let chromium: Browser;
  before(async () => {
    chromium = await launchChromium();
  });
  after(async () => {
    await chromium?.close();
  });

  const newPage = async (width: number, javaScript = true) => (await chromium.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: javaScript })).newPage();

  async function signIn(page: Page, email: string, password: string, language = 'en') {
    await page.goto(`${app.baseUrl}/dashboard/sign-in?lang=${language}`);
    await page.fill('#email', email);
    await page.fill('#password', password);
    await Promise.all([page.waitForURL(/\/dashboard(\?|$|\/)/), page.click('form.stack button[type=submit]')]);
  }

  async function check(page: Page, name: string) {
    const problems = await axeViolations(page);
    assert.deepEqual(formatViolations(name, problems), [], `${name}: axe`);
    await page.screenshot({ path: path.join(SCREENSHOTS, `accounts-${name}.png`), fullPage: true });
  }

  test('invite -> choose a password -> land signed in -> sign out -> sign in', async () => {
    const company = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
    const admin = await personWithPassword(app.db, company.id, { name: 'Ada Lovelace' });
    const page = await newPage(1280, false);
    await signIn(page, admin.email, admin.password);
    await page.goto(`${app.baseUrl}/dashboard/team`);
    await page.fill('#invite-email', 'grace@fairbrook.example');
    await page.fill('#invite-name', 'Grace Hopper');
    await page.selectOption('#invite-role', 'member');
    await Promise.all([page.waitForURL(/done=invited/), page.click('button:text-is("Send the invitation")')]);
    assert.match(await page.textContent('.notice') ?? '', /grace@fairbrook\.example is invited/);

    const link = linkIn((await mail.mailTo('grace@fairbrook.example'))[0]!, 'invite');
    const grace = await newPage(390, false);
    await grace.goto(`${app.baseUrl}${link.path}`);
    await grace.fill('#password', 'grace writes compilers');
    await Promise.all([grace.waitForURL(/\/dashboard$/), grace.click('button:has-text("Save the password and sign in")')]);
    await grace.goto(`${app.baseUrl}/dashboard/account`);
    assert.match(await grace.textContent('header.top') ?? '', /Signed in as Grace Hopper · Member/);
    await Promise.all([grace.waitForURL(/signed_out=1/), grace.click('header.top button:has-text("Sign out")')]);
    await signIn(grace, 'grace@fairbrook.example', 'grace writes compilers');
    await grace.goto(`${app.baseUrl}/dashboard/account`);
    assert.match(await grace.textContent('h1') ?? '', /Your account/);
    await grace.context().close();
    await page.context().close();
  });

  // Every dashboard page is screened in both languages at both widths by test/dashboard/screens-browser.test.ts;
  // here this feature's own pages (those it has beyond the common ones) in the two pairs that differ most.
  for (const [language, width] of SCREENS) {
    test(`every page at ${width} px in ${language}: axe and a screenshot`, async () => {
      const company = await make.companyWithTokens(app.db, { name: 'Fairbrook Coffee Roasters' });
      const admin = await personWithPassword(app.db, company.id, { name: 'Ada Lovelace' });
      const member = await personWithPassword(app.db, company.id, { name: 'Grace Hopper', role: 'member' });
      await personWithPassword(app.db, company.id, { name: 'Katherine Johnson', email: `katherine-${width}-${language}@fairbrook.example` });
      await app.db.updateTable('users').set({ password_hash: null }).where('email', '=', `katherine-${width}-${language}@fairbrook.example`).execute();
      const page = await newPage(width);
      const at = (p: string) => `${app.baseUrl}${p}${p.includes('?') ? '&' : '?'}lang=${language}`;
      const shot = (name: string) => check(page, `${name}-${language}-${width}`);

      await page.goto(at('/dashboard/sign-in'));
      await shot('sign-in');
      await page.fill('#email', admin.email);
      await page.fill('#password', 'not the password');
      await page.click('form.stack button[type=submit]');
      await shot('sign-in-failed');
      await page.goto(at('/dashboard/sign-in/email'));
      await shot('email-link');
      await page.fill('#email', admin.email);
      await Promise.all([page.waitForURL(/\/sent/), page.click('button[type=submit]')]);
      await shot('link-sent');
      await page.goto(at('/dashboard/forgot-password'));
      await shot('forgot-password');

      const signInLink = await mintLink(app.db, admin.id, 'sign_in', app.baseUrl);
      await page.goto(at(signInLink.url.replace(app.baseUrl, '')));
      await shot('sign-in-link');
      const invite = await mintLink(app.db, member.id, 'invite', app.baseUrl);
      await page.goto(at(invite.url.replace(app.baseUrl, '')));
      await shot('invite');
      const reset = await mintLink(app.db, member.id, 'reset', app.baseUrl);
      await page.goto(at(reset.url.replace(app.baseUrl, '')));
      await shot('reset');
      await page.goto(at('/dashboard/invite/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'));
      await shot('dead-link');

      // Signed in with the sign-in link: the account, team, removal and audit log pages.
      await page.goto(at(signInLink.url.replace(app.baseUrl, '')));
      await Promise.all([page.waitForURL(/\/dashboard(\?|$)/), page.click('form button[type=submit]:not(.linkish)')]);
      await recordChange(app.db, { companyId: company.id, userId: null, email: null, ip: null }, 'user.role_changed', member.id, { email: 'grace@fairbrook.example', from: 'admin', to: 'member' });
      await page.goto(at('/dashboard/account'));
      await shot('account');
      await page.goto(at('/dashboard/team'));
      await shot('team');
      await page.goto(at(`/dashboard/team/${member.id}/remove`));
      await shot('team-remove');
      await page.goto(at('/dashboard/audit-log'));
      await shot('audit-log');
      await page.context().close();
    });
  }
});
