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
 * Passed to buildApp as `db.withPlugin(capture)`; it never changes a query.
 */
export class QueryCapture implements KyselyPlugin {
  recording = false;
  readonly nodes: { node: RootOperationNode; queryId: PluginTransformQueryArgs['queryId'] }[] = [];

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.recording) this.nodes.push({ node: args.node, queryId: args.queryId });
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  /** The recorded queries compiled to SQL with their parameters, and forgets them. */
  take(db: Kysely<DB>): CompiledQuery[] {
    const executor = db.getExecutor();
    const compiled = this.nodes.map(({ node, queryId }) => executor.compileQuery(node, queryId));
    this.nodes.length = 0;
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
