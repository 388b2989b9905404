import { type ReadContext, systemReadContext } from '../../core/context.ts';
import type { Db } from '../../db/schema.ts';
import type { DomainChange } from '../../domain/changes.ts';
import type { EventType, NewEvent } from './record.ts';

/** What a renderer is handed with the changes of one moment of a unit of work. */
export interface RenderEnv {
  /** The work's transaction. */
  db: Db;
  /** A company's reader in one mode, as that company's token reads; one per company and mode in a rendering. */
  contextFor(companyId: string, livemode: boolean): ReadContext;
  /**
   * Objects the work holds whole as they stand at its end (UnitOfWork.knowFinal), by id: a
   * renderer that finds its object here does not read it again.
   */
  known: ReadonlyMap<string, unknown>;
}

/** An event as a renderer makes it; the unit of work dates and writes it. */
export type RenderedEvent = Omit<NewEvent, 'createdAt'>;

/**
 * How one feature turns its domain changes into events (src/features.ts lists them). The
 * object of an event is rendered by the presenter of the feature's GET endpoint, in
 * English, as it stands when the work ends.
 */
export interface EventRenderer<K extends DomainChange['kind'] = DomainChange['kind']> {
  /** The change kinds it renders; each is also the type of the events it makes. */
  kinds: readonly K[];
  /**
   * The events of the given changes (every change of its kinds recorded at one moment of a
   * work, in order): one list per change, in the same order, so that events keep the order
   * of their changes however renderers batch their reads.
   */
  render(changes: readonly Extract<DomainChange, { kind: K }>[], env: RenderEnv): Promise<RenderedEvent[][]>;
  /**
   * How a stored event object of its kinds looks to one reader (the event API, a webhook
   * attempt): links signed again, fields the reader may not see left out. As stored when absent.
   */
  asReaderSees?(ctx: ReadContext, object: unknown): unknown;
}

/** A feature's renderer, its change types checked against its kinds, as the list of every renderer takes it. */
export function eventRenderer<K extends DomainChange['kind']>(renderer: EventRenderer<K>): EventRenderer {
  return renderer as unknown as EventRenderer;
}

let installed: ReadonlyMap<string, EventRenderer> | null = null;

/**
 * Hands the features' renderers to the unit of work and the event readers (src/features.ts,
 * installFeatures). One process has one set; installing the same set again changes nothing.
 */
export function installEventRenderers(renderers: readonly EventRenderer[]): void {
  const byKind = new Map<string, EventRenderer>();
  for (const renderer of renderers) {
    for (const kind of renderer.kinds) {
      if (byKind.has(kind)) throw new Error(`Two event renderers for ${kind}.`);
      byKind.set(kind, renderer);
    }
  }
  installed = byKind;
}

function rendererOf(kind: string): EventRenderer {
  if (!installed) throw new Error('No event renderers are installed: call installFeatures() (src/features.ts) before the first unit of work.');
  const renderer = installed.get(kind);
  if (!renderer) throw new Error(`No event renderer for ${kind}: add one to its feature's events.ts and list it in src/features.ts.`);
  return renderer;
}

/**
 * Turns what a unit of work did at one moment into events, one per company and mode, in
 * the order of the changes, rendered and not yet written (the unit of work writes them,
 * record.ts). Each renderer is called once with all of its changes, so that it reads
 * their objects in as few queries as it can.
 */
export async function renderEvents(db: Db, changes: readonly DomainChange[], publicBaseUrl: string, at: Date | undefined, known: ReadonlyMap<string, unknown>): Promise<NewEvent[]> {
  const contexts = new Map<string, ReadContext>();
  const env: RenderEnv = {
    db,
    known,
    contextFor(companyId, livemode) {
      const key = `${companyId}:${livemode}`;
      let ctx = contexts.get(key);
      if (!ctx) {
        ctx = systemReadContext(db, companyId, livemode, publicBaseUrl);
        contexts.set(key, ctx);
      }
      return ctx;
    },
  };
  const byRenderer = new Map<EventRenderer, number[]>();
  changes.forEach((change, index) => {
    const renderer = rendererOf(change.kind);
    byRenderer.set(renderer, [...(byRenderer.get(renderer) ?? []), index]);
  });
  const perChange: RenderedEvent[][] = changes.map(() => []);
  for (const [renderer, indexes] of byRenderer) {
    const rendered = await renderer.render(indexes.map((index) => changes[index]!), env);
    indexes.forEach((index, n) => {
      perChange[index] = rendered[n] ?? [];
    });
  }
  return perChange.flat().map((event) => ({ ...event, createdAt: at }));
}

/** A stored event's object as this reader may see it (EventRenderer.asReaderSees). */
export function asReaderSees(ctx: ReadContext, type: EventType, object: unknown): unknown {
  const renderer = rendererOf(type);
  return renderer.asReaderSees ? renderer.asReaderSees(ctx, object) : object;
}
