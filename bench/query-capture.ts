import {
  type CompiledQuery,
  CompiledQuery as Compiled,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { DB } from '../src/db/schema.ts';

/**
 * Records the queries the application sends while `recording` is on, so the benchmark
 * can EXPLAIN exactly the SQL that served a request rather than a hand-written copy.
 * Passed to buildApp as `db.withPlugin(capture)`; it never changes a query. A query is
 * recorded when its result comes back: a builder embedded in another statement (a part of
 * a unit of work's closing statement) passes through transformQuery too, but is not sent.
 */
export class QueryCapture implements KyselyPlugin {
  recording = false;
  readonly nodes: { node: RootOperationNode; queryId: PluginTransformQueryArgs['queryId'] }[] = [];
  private readonly built = new Map<PluginTransformQueryArgs['queryId'], RootOperationNode>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.recording) this.built.set(args.queryId, args.node);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const node = this.built.get(args.queryId);
    if (node) {
      this.built.delete(args.queryId);
      this.nodes.push({ node, queryId: args.queryId });
    }
    return args.result;
  }

  /** The recorded queries compiled to SQL with their parameters, and forgets them. */
  take(db: Kysely<DB>): CompiledQuery[] {
    const executor = db.getExecutor();
    const compiled = this.nodes.map(({ node, queryId }) => executor.compileQuery(node, queryId));
    this.nodes.length = 0;
    this.built.clear();
    return compiled;
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of one compiled query, as plan text. */
export async function explain(db: Kysely<DB>, query: CompiledQuery): Promise<string> {
  const result = await db.executeQuery<{ 'QUERY PLAN': string }>(
    Compiled.raw(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, [...query.parameters]),
  );
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

/**
 * Times every statement while `recording` is on: from the moment Kysely hands the query
 * to its plugins until its result comes back, so it includes waiting for a pooled
 * connection (outside a transaction) and for locks, not the work of the app around it.
 * Statements that fail are left out. `summary` groups them by the start of their SQL.
 */
export class StatementTimer implements KyselyPlugin {
  recording = false;
  private readonly pending = new Map<PluginTransformQueryArgs['queryId'], { node: RootOperationNode; at: number }>();
  private readonly timed: { node: RootOperationNode; queryId: PluginTransformQueryArgs['queryId']; ms: number }[] = [];

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.recording) this.pending.set(args.queryId, { node: args.node, at: performance.now() });
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const started = this.pending.get(args.queryId);
    if (started) {
      this.pending.delete(args.queryId);
      this.timed.push({ node: started.node, queryId: args.queryId, ms: performance.now() - started.at });
    }
    return args.result;
  }

  /** Per kind of statement (its first `width` characters of SQL): how many, and their total and mean milliseconds; clears. */
  summary(db: Kysely<DB>, width = 70): { statement: string; count: number; totalMs: number; meanMs: number }[] {
    const executor = db.getExecutor();
    const groups = new Map<string, { count: number; totalMs: number }>();
    for (const { node, queryId, ms } of this.timed) {
      const statement = executor.compileQuery(node, queryId).sql.replace(/\s+/g, ' ').trim().slice(0, width);
      const group = groups.get(statement) ?? { count: 0, totalMs: 0 };
      group.count++;
      group.totalMs += ms;
      groups.set(statement, group);
    }
    this.timed.length = 0;
    this.pending.clear();
    return [...groups].map(([statement, g]) => ({ statement, ...g, meanMs: g.totalMs / g.count })).sort((a, b) => b.totalMs - a.totalMs);
  }
}
