import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { ExclusiveLock } from './pglite-dialect.ts';
import type { DB } from './schema.ts';

/**
 * What a subscriber to a NOTIFY channel hears: a notification, or whether it is listening
 * at all. While not listening (connecting, or the connection was lost) notifications can
 * be missed, so a cache kept fresh by them must not be trusted.
 */
export interface ChannelListener {
  notified(): void;
  listening(yes: boolean): void;
}

export type Subscribe = (channel: string, listener: ChannelListener) => () => void;

/**
 * The channel migration 0016's triggers notify at commit when a token, a person or a
 * company changes: what authenticating a token reads (http/token-cache.ts).
 */
export const AUTH_CHANNEL = 'canopy_auth';

/** After an operator's change to a token, a person or a company: this process's caches forget at once. */
export function authChanged(db: Kysely<DB>): void {
  announceLocally(db, AUTH_CHANNEL);
}

const subscribeOf = new WeakMap<Kysely<DB>, Subscribe>();
const channelsOf = new WeakMap<Kysely<DB>, Map<string, Channel>>();

/** How to hear a NOTIFY channel of a database openDatabase opened; null for any other Kysely instance. */
export function databaseNotifications(db: Kysely<DB>): Subscribe | null {
  return subscribeOf.get(db) ?? null;
}

/**
 * Tells this process's subscribers of `channel` at once, after a write of this process
 * committed: on PostgreSQL the NOTIFY comes back through the LISTEN connection a moment
 * later, and a request in between must not act on what the write changed. (Other
 * processes hear the NOTIFY.) Does nothing for a Kysely instance openDatabase did not open.
 */
export function announceLocally(db: Kysely<DB>, channel: string): void {
  channelsOf.get(db)?.get(channel)?.notify();
}

/** One channel's listeners, however many subscribe. */
class Channel {
  readonly listeners = new Set<ChannelListener>();
  isListening = false;

  setListening(yes: boolean): void {
    this.isListening = yes;
    for (const listener of this.listeners) listener.listening(yes);
  }

  notify(): void {
    for (const listener of this.listeners) listener.notified();
  }

  add(listener: ChannelListener): () => void {
    this.listeners.add(listener);
    listener.listening(this.isListening);
    return () => this.listeners.delete(listener);
  }
}

/**
 * PostgreSQL: one dedicated connection per channel LISTENs (a pooled connection cannot),
 * reconnecting a second after it is lost. Returns what closes them.
 */
export function registerPostgresNotifications(db: Kysely<DB>, url: string): () => Promise<void> {
  const channels = new Map<string, { channel: Channel; client: pg.Client | null }>();
  const local = new Map<string, Channel>();
  channelsOf.set(db, local);
  let closed = false;
  const connect = async (name: string) => {
    const entry = channels.get(name)!;
    if (closed) return;
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel === name) entry.channel.notify();
    });
    // Once per client, though both its 'error' event and the failed LISTEN may call it.
    let retried = false;
    const retry = () => {
      if (retried) return;
      retried = true;
      entry.channel.setListening(false);
      client.end().catch(() => {});
      if (entry.client === client) entry.client = null;
      if (!closed) setTimeout(() => void connect(name), 1000).unref();
    };
    client.on('error', retry);
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(name)}`);
    } catch {
      retry();
      return;
    }
    // Closed while connecting: this client is not among those close() ended.
    if (closed) {
      client.end().catch(() => {});
      return;
    }
    entry.client = client;
    entry.channel.setListening(true);
  };
  subscribeOf.set(db, (name, listener) => {
    let entry = channels.get(name);
    if (!entry) {
      entry = { channel: new Channel(), client: null };
      channels.set(name, entry);
      local.set(name, entry.channel);
      void connect(name);
    }
    return entry.channel.add(listener);
  });
  return async () => {
    closed = true;
    await Promise.all([...channels.values()].map((entry) => entry.client?.end().catch(() => {})));
  };
}

/**
 * PGlite: its own LISTEN. PGlite runs every statement in this thread and calls listeners
 * when the committing statement's answer is read, before that statement's promise
 * resolves: a subscriber hears of a commit before anything else can run.
 */
export function registerPGliteNotifications(db: Kysely<DB>, pglite: PGlite, lock: ExclusiveLock): void {
  const channels = new Map<string, Channel>();
  channelsOf.set(db, channels);
  subscribeOf.set(db, (name, listener) => {
    let channel = channels.get(name);
    if (!channel) {
      const created = new Channel();
      channel = created;
      channels.set(name, created);
      void lock
        .run(() => pglite.listen(name, () => created.notify()))
        .then(() => created.setListening(true), () => created.setListening(false));
    }
    return channel.add(listener);
  });
}
