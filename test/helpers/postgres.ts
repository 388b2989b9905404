import pg from 'pg';
import { randomAlphanumeric } from '../../src/core/ids.ts';

/**
 * A database of its own on the server DATABASE_URL names, for one test file: created
 * now, dropped by `drop()`. Keeps test files from seeing each other's data.
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, options: { icuLocale?: string } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomAlphanumeric(12).toLowerCase()}`;
  // An ICU locale (such as en-US, the default of many hosted servers) orders text unlike the C locale of the test server.
  const locale = options.icuLocale ? ` TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE '${options.icuLocale.replace(/[^A-Za-z-]/g, '')}'` : '';
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}${locale}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

async function withClient(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
