import type { Kysely } from 'kysely';
import type { Subscribe } from '../../db/notifications.ts';
import type { DB } from '../../db/schema.ts';
import { DELIVERIES_CHANNEL, onDeliveriesCommitted } from '../events/wake.ts';
import { attemptDelivery, type ClaimedDelivery, claimDueDeliveries, type DeliveryServices, releaseDeliveryLease } from './deliveries.ts';

export interface DeliveryWorkerOptions extends Omit<DeliveryServices, 'now'> {
  now?: () => Date;
  /** Deliveries in flight at once in this process. */
  concurrency?: number;
  /** Deliveries in flight at once to one endpoint, in this process: a slow endpoint holds only these. */
  perEndpoint?: number;
  /** A claimed delivery is another worker's to take after this long (an attempt takes at most 10 s). */
  leaseSeconds?: number;
  /** How often to look for due retries when nothing wakes the worker. */
  pollIntervalMs?: number;
  /**
   * The database's NOTIFY channels (databaseNotifications of db/notifications.ts): commits
   * of other processes that queued deliveries wake this worker. Without, it hears only this
   * process's commits, and polls.
   */
  notifications?: Subscribe | null;
  log?: { info(fields: object, message: string): void; warn(fields: object, message: string): void; error(fields: object, message: string): void };
}

export interface DeliveryWorker {
  /** Looks for due deliveries now. */
  wake(): void;
  /** Stops claiming, waits for the attempts in flight, and stops listening. */
  stop(): Promise<void>;
  /**
   * Stops claiming and gives back the deliveries of the attempts in flight (their leases
   * released) so that another worker sends them now: for a process about to exit without
   * waiting for them (shutdown grace over). Returns how many were given back.
   */
  releaseLeases(): Promise<number>;
}

/**
 * Sends webhook deliveries: claims due ones by lease, up to `concurrency` at once and
 * `perEndpoint` per endpoint, so that one slow or dead endpoint never holds up the others;
 * wakes on commit (in this process directly, in others through LISTEN/NOTIFY) and polls
 * for retries that come due.
 */
export function startDeliveryWorker(db: Kysely<DB>, options: DeliveryWorkerOptions): DeliveryWorker {
  const { concurrency = 32, perEndpoint = 4, leaseSeconds = 30, pollIntervalMs = 1000, log } = options;
  const services: DeliveryServices = { ...options, now: options.now ?? (() => new Date()) };
  const inFlight = new Map<string, number>();
  let running = 0;
  let stopping = false;
  let pending: (() => void) | null = null;
  let wanted = true;
  const wake = () => {
    wanted = true;
    pending?.();
  };
  const unsubscribe = onDeliveriesCommitted(wake);
  let listening = false;
  const stopListening = options.notifications?.(DELIVERIES_CHANNEL, {
    notified: wake,
    listening(yes) {
      if (yes) wake(); // whatever was committed while not listening
      else if (listening) log?.warn({}, 'webhook worker lost its LISTEN connection: polling until it is back');
      listening = yes;
    },
  });
  const attempts = new Set<Promise<void>>();
  const claims = new Set<ClaimedDelivery>();

  const loop = (async () => {
    while (!stopping) {
      wanted = false;
      try {
        const free = concurrency - running;
        if (free > 0) {
          const claimed = await claimDueDeliveries(db, { limit: free, perEndpoint, inFlight, leaseSeconds, now: services.now() });
          for (const delivery of claimed) {
            running++;
            claims.add(delivery);
            inFlight.set(delivery.endpoint_id, (inFlight.get(delivery.endpoint_id) ?? 0) + 1);
            const attempt = attemptDelivery(db, delivery, services)
              .catch((error) => log?.error({ err: error, event_id: delivery.event_id, endpoint_id: delivery.endpoint_id }, 'webhook attempt failed to run'))
              .then(() => undefined)
              .finally(() => {
                running--;
                claims.delete(delivery);
                const left = (inFlight.get(delivery.endpoint_id) ?? 1) - 1;
                if (left === 0) inFlight.delete(delivery.endpoint_id);
                else inFlight.set(delivery.endpoint_id, left);
                attempts.delete(attempt);
                wake();
              });
            attempts.add(attempt);
          }
          // A full claim may have left more behind: look again at once.
          if (claimed.length === free) wanted = true;
        }
      } catch (error) {
        log?.error({ err: error }, 'webhook worker could not claim deliveries');
      }
      if (stopping) break;
      if (!wanted) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollIntervalMs);
          pending = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        pending = null;
      }
    }
  })();

  return {
    wake,
    async stop() {
      stopping = true;
      pending?.();
      await loop;
      await Promise.allSettled([...attempts]);
      unsubscribe();
      stopListening?.();
    },
    async releaseLeases() {
      stopping = true;
      pending?.();
      const released = await Promise.all([...claims].map((claimed) => releaseDeliveryLease(db, claimed).catch(() => false)));
      return released.filter(Boolean).length;
    },
  };
}
