/**
 * What a certificate may claim about its trees, and nothing more (docs/decisions.md, "What a
 * certificate claims"). Each rule reads fields of the API's planting, monitoring and
 * verification objects, so every sentence on the page, in the PDF and in the email can be
 * traced to them. Pure functions: the view (view.ts) applies them, the tests break each one.
 */

/** What the rules read of a planting (API planting fields). */
export interface ProvenPlanting {
  /** planting.planted_at: null while the trees are pledged. */
  planted_at: string | null;
  latest_monitoring: Measurement | null;
  verification: { latest: Statement | null };
}

/** What the rules read of a monitoring (API monitoring fields). */
export interface Measurement {
  recorded_at: string;
  survival_rate: number;
  trees_alive: number;
  method: string;
}

/** What the rules read of a verification statement (API verification fields). */
export interface Statement {
  period_start: string;
  period_end: string;
}

/** A planting's trees are planted once the foundation reported a planting date; before, they are pledged. */
export function isPlanted(planting: Pick<ProvenPlanting, 'planted_at'>): boolean {
  return planting.planted_at !== null;
}

/**
 * The verification statement that covers a planting, or null. A statement verifies a
 * project over a period: it covers a planting only when the planting's trees are planted
 * and were planted within or before that period (planted_at <= period_end). A statement
 * ending before the planting, or any statement under pledged trees, proves nothing about
 * them. Dates are the API's calendar dates (YYYY-MM-DD), compared as such.
 */
export function coveringStatement<S extends Statement>(planting: { planted_at: string | null; verification: { latest: S | null } }): S | null {
  const statement = planting.verification.latest;
  if (!statement || planting.planted_at === null) return null;
  return planting.planted_at <= statement.period_end ? statement : null;
}

/**
 * The survival measurement shown for a planting, or null: the planting's own latest
 * measurement (monitoring.planting), taken on or after it was planted. A pledged planting
 * has none to show, and a measurement dated before the planting cannot be of its trees.
 */
export function survivalOf<M extends Measurement>(planting: { planted_at: string | null; latest_monitoring: M | null }): M | null {
  const measurement = planting.latest_monitoring;
  if (!measurement || planting.planted_at === null) return null;
  return measurement.recorded_at >= planting.planted_at ? measurement : null;
}

/** A certificate's trees by status: planted, or pledged to be planted. */
export interface TreesByStatus {
  planted: number;
  pledged: number;
}

/** The trees of the plantings behind a certificate, by status. */
export function treesByStatus(plantings: readonly { planted_at: string | null; treesHere: number }[]): TreesByStatus {
  const counts = { planted: 0, pledged: 0 };
  for (const planting of plantings) counts[isPlanted(planting) ? 'planted' : 'pledged'] += planting.treesHere;
  return counts;
}

/**
 * How the certificate's main sentence may speak of its trees: all planted, all pledged,
 * or some of each (then it says how many of each). Never that pledged trees grow.
 */
export function statusWording(counts: TreesByStatus): 'planted' | 'pledged' | 'mixed' {
  if (counts.pledged === 0) return 'planted';
  if (counts.planted === 0) return 'pledged';
  return 'mixed';
}

/** One step of a planting's story: whether it has happened, and its date (YYYY-MM-DD) when the proof gives one. */
export interface TimelineStep {
  step: 'pledged' | 'planted' | 'measured' | 'verified';
  done: boolean;
  date: string | null;
}

/**
 * A planting's story as its proof tells it: pledged (planting.created_at, the day the
 * foundation announced the planting), planted (planting.planted_at), measured (the
 * survival measurement survivalOf shows, its recorded_at) and verified (the statement
 * coveringStatement shows, its published_at). A step happens only by the same rules the
 * rest of the certificate follows, so the timeline never runs ahead of the proof. Steps that
 * happened come in the order of their dates, then the ones still to come. The
 * pledge date is left out when the foundation announced the planting after it was planted
 * (a planting recorded late): the order of the steps must not be a claim the dates break.
 */
export function timelineOf(planting: {
  created_at: string;
  planted_at: string | null;
  latest_monitoring: Measurement | null;
  verification: { latest: (Statement & { published_at: string }) | null };
}): TimelineStep[] {
  const announced = planting.created_at.slice(0, 10);
  const pledgedOn = planting.planted_at === null || announced <= planting.planted_at ? announced : null;
  const measuredOn = survivalOf(planting)?.recorded_at ?? null;
  const verifiedOn = coveringStatement(planting)?.published_at.slice(0, 10) ?? null;
  const steps: TimelineStep[] = [
    { step: 'pledged', done: true, date: pledgedOn },
    { step: 'planted', done: planting.planted_at !== null, date: planting.planted_at },
    { step: 'measured', done: measuredOn !== null, date: measuredOn },
    { step: 'verified', done: verifiedOn !== null, date: verifiedOn },
  ];
  // What happened, in the order it happened (a statement may be published before the latest
  // measurement), then what has not happened yet, in the order it will.
  const [pledged, ...rest] = steps;
  const happened = rest.filter((step) => step.done).sort((a, b) => a.date!.localeCompare(b.date!));
  return [pledged!, ...happened, ...rest.filter((step) => !step.done)];
}
