import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import { randomAlphanumeric } from '../../src/core/ids.ts';
import { hashPassword } from '../../src/platform/dashboard/passwords.ts';
import { createUser } from '../../src/operator/users.ts';

/**
 * A person in the dashboard, as a browser without JavaScript would be: real HTTP to a
 * running app, its cookies kept, redirects not followed (a test sees each 303), and the
 * CSRF token of the last page that held a form sent with every form.
 */

/** Test passwords are hashed with little work (the stored value says so, and is checked as made): the real cost is for real passwords. */
const CHEAP = { N: 2 ** 10, r: 8, p: 1 };
export const TEST_PASSWORD = 'correct horse battery staple';

export interface TestPerson {
  id: string;
  email: string;
  password: string;
}

/** A person of a company who can sign in with TEST_PASSWORD (or `password`). */
export async function personWithPassword(
  db: Kysely<DB>,
  companyId: string,
  options: { role?: 'admin' | 'member'; email?: string; name?: string; password?: string } = {},
): Promise<TestPerson> {
  const email = options.email ?? `${options.role ?? 'admin'}-${randomAlphanumeric(8).toLowerCase()}@example.com`;
  const password = options.password ?? TEST_PASSWORD;
  const user = await createUser(db, { companyId, email, name: options.name ?? 'Dana Dashboard', role: options.role ?? 'admin' });
  await db.updateTable('users').set({ password_hash: await hashPassword(password, CHEAP) }).where('id', '=', user.id).execute();
  return { id: user.id, email, password };
}

export interface PageResponse {
  status: number;
  headers: Headers;
  text: string;
  /** Where a redirect goes (Location), or null. */
  location: string | null;
}

export class DashboardBrowser {
  readonly cookies = new Map<string, string>();
  /** The `_csrf` of the last page read that had a form. */
  csrf: string | null = null;

  constructor(readonly baseUrl: string, readonly headers: Record<string, string> = {}) {}

  async get(path: string, headers: Record<string, string> = {}): Promise<PageResponse> {
    return this.send('GET', path, undefined, headers);
  }

  /** Sends a form (urlencoded) with the CSRF token of the last page read, unless `fields._csrf` says otherwise (null: none). */
  async post(path: string, fields: Record<string, string | string[] | null> = {}, headers: Record<string, string> = {}): Promise<PageResponse> {
    const body = new URLSearchParams();
    const withToken = '_csrf' in fields ? fields : { _csrf: this.csrf, ...fields };
    for (const [name, value] of Object.entries(withToken)) {
      if (value === null) continue;
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    }
    return this.send('POST', path, body.toString(), { 'content-type': 'application/x-www-form-urlencoded', ...headers });
  }

  /** Signs in through the form; returns the sign-in POST's answer (303 to the dashboard on success). */
  async signIn(email: string, password: string = TEST_PASSWORD, next?: string): Promise<PageResponse> {
    await this.get(`/dashboard/sign-in${next ? `?next=${encodeURIComponent(next)}` : ''}`);
    return this.post('/dashboard/sign-in', { email, password, ...(next ? { next } : {}) });
  }

  /** Follows a redirect answer with a GET. */
  async follow(response: PageResponse): Promise<PageResponse> {
    if (!response.location) throw new Error(`Not a redirect: ${response.status}`);
    return this.get(response.location);
  }

  private async send(method: string, path: string, body: string | undefined, headers: Record<string, string>): Promise<PageResponse> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      body,
      redirect: 'manual',
      headers: { ...this.headers, ...(cookie ? { cookie } : {}), ...headers },
    });
    for (const set of response.headers.getSetCookie()) {
      const [pair, ...attributes] = set.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && new Date(a.split('=')[1]!).getTime() < Date.now()) || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    const token = /name="_csrf" value="([^"]+)"/.exec(text);
    if (token) this.csrf = token[1]!;
    return { status: response.status, headers: response.headers, text, location: response.headers.get('location') };
  }
}

/** A browser signed in as a new person of the company. */
export async function signedInBrowser(app: { baseUrl: string; db: Kysely<DB> }, companyId: string, options: { role?: 'admin' | 'member' } = {}) {
  const person = await personWithPassword(app.db, companyId, options);
  const browser = new DashboardBrowser(app.baseUrl);
  const answer = await browser.signIn(person.email, person.password);
  if (answer.status !== 303) throw new Error(`Signing in answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return { browser, person };
}
