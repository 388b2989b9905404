import createClient, { type Client, type ClientPathsWithMethod, type MaybeOptionalInit, type MethodResponse } from 'openapi-fetch';
import { apiErrorOf, CanopyConnectionError } from './errors.js';
import { DEFAULT_RETRY, type RetryOptions, retryingFetch } from './retry.js';
import type { paths } from './schema.js';

export interface CanopyOptions {
  /** A v2 token, `canopy_live_...` or `canopy_test_...` (the dashboard's API tokens page). */
  apiKey: string;
  /** Where Canopy runs, without /v2: `https://canopy.example.com` (default `http://127.0.0.1:3000`). */
  baseUrl?: string;
  /** The language of translated texts in answers (Accept-Language): `en` (default) or `nl`. */
  language?: 'en' | 'nl';
  /** Retries of network errors, 409 request_in_progress, 429 and 5xx (see retry.ts); `{ maxRetries: 0 }` turns them off. */
  retry?: Partial<RetryOptions>;
  /** Another fetch, for tests or a proxy (default globalThis.fetch). */
  fetch?: typeof fetch;
}

type Method = 'get' | 'post' | 'patch' | 'delete';

/** The paths that take `method`: `PathsWith<'post'>` is '/v2/recipients' | '/v2/gift-codes' | .... */
export type PathsWith<M extends Method> = ClientPathsWithMethod<Client<paths>, M>;
/**
 * An operation with its header parameters optional: the client sends Accept-Language and
 * makes the Idempotency-Key a POST requires (a caller may still pass either).
 */
type HeadersOptional<Operation> = Operation extends { parameters: infer Parameters }
  ? Omit<Operation, 'parameters'> & { parameters: Omit<Parameters, 'header'> & { header?: Partial<NonNullable<Parameters extends { header?: infer Header } ? Header : never>> } }
  : Operation;
type InitOf<M extends Method, P extends PathsWith<M>> = MaybeOptionalInit<{ [K in M]: HeadersOptional<paths[P][K]> }, M>;
type Args<M extends Method, P extends PathsWith<M>> = undefined extends InitOf<M, P> ? [init?: InitOf<M, P>] : [init: InitOf<M, P>];
/** What a successful call answers: `ResponseOf<'post', '/v2/recipients'>` is a Recipient. */
export type ResponseOf<M extends Method, P extends PathsWith<M>> = MethodResponse<Client<paths>, M, P>;

/** The GET paths that answer a list (`object: "list"`, `data`, `has_more`). */
export type ListPath = { [P in PathsWith<'get'>]: ResponseOf<'get', P> extends { object: 'list'; has_more: boolean; data: unknown[] } ? P : never }[PathsWith<'get'>];
/** One object of a list: `ListItem<'/v2/allocations'>` is an Allocation. */
export type ListItem<P extends ListPath> = ResponseOf<'get', P> extends { data: (infer Item)[] } ? Item : never;
type GetParameters<P extends PathsWith<'get'>> = paths[P] extends { get: { parameters: infer Parameters } } ? Parameters : never;
type QueryOf<P extends ListPath> = NonNullable<GetParameters<P> extends { query?: infer Query } ? Query : never>;
type PathParamsOf<P extends ListPath> = GetParameters<P> extends { path: infer Path } ? ([Path] extends [never] ? never : Path) : never;

/** What `list` takes: the list's filters (every one but starting_after, which it sets), and the path's id when it has one. */
export type ListOptions<P extends ListPath> = {
  query?: Omit<QueryOf<P>, 'starting_after'>;
  headers?: Record<string, string>;
} & ([PathParamsOf<P>] extends [never] ? { path?: never } : { path: PathParamsOf<P> });
type ListArgs<P extends ListPath> = [PathParamsOf<P>] extends [never] ? [options?: ListOptions<P>] : [options: ListOptions<P>];

const VERSION = '0.1.0';

/**
 * A client of Canopy's v2 API. Every path, parameter, body and answer is typed from the
 * OpenAPI document. A call answers the object, or throws CanopyApiError (an error answer)
 * or CanopyConnectionError (no answer, after the retries).
 *
 *   const canopy = new Canopy({ apiKey: process.env.CANOPY_API_KEY!, baseUrl: 'https://canopy.example.com' });
 *   const recipient = await canopy.post('/v2/recipients', { body: { trees: 5, email: 'ada@example.com' } });
 *   for await (const allocation of canopy.list('/v2/allocations', { query: { status: 'planted' } })) ...
 *
 * `canopy.api` is the openapi-fetch client underneath, with the same token, language and
 * retries, for calls that want `{ data, error, response }` instead of exceptions.
 */
export class Canopy {
  readonly api: Client<paths>;

  constructor(options: CanopyOptions) {
    if (!options?.apiKey) throw new TypeError('new Canopy({ apiKey }) needs a v2 token (canopy_live_... or canopy_test_...).');
    const retry = { ...DEFAULT_RETRY, ...options.retry };
    this.api = createClient<paths>({
      baseUrl: (options.baseUrl ?? 'http://127.0.0.1:3000').replace(/\/+$/, ''),
      headers: {
        Authorization: `Bearer ${options.apiKey}`,
        'Accept-Language': options.language ?? 'en',
        'User-Agent': `canopy-client/${VERSION} node/${typeof process === 'undefined' ? 'unknown' : process.version}`,
      },
      fetch: retryingFetch(options.fetch ?? globalThis.fetch, retry),
    });
  }

  get<P extends PathsWith<'get'>>(path: P, ...init: Args<'get', P>): Promise<ResponseOf<'get', P>> {
    return this.call('GET', path, init[0]);
  }

  /** A POST; it carries an Idempotency-Key made for this call unless `headers` has one, so its retries never act twice. */
  post<P extends PathsWith<'post'>>(path: P, ...init: Args<'post', P>): Promise<ResponseOf<'post', P>> {
    return this.call('POST', path, init[0]);
  }

  patch<P extends PathsWith<'patch'>>(path: P, ...init: Args<'patch', P>): Promise<ResponseOf<'patch', P>> {
    return this.call('PATCH', path, init[0]);
  }

  delete<P extends PathsWith<'delete'>>(path: P, ...init: Args<'delete', P>): Promise<ResponseOf<'delete', P>> {
    return this.call('DELETE', path, init[0]);
  }

  /**
   * Every object of a list, page after page (newest first, as the API lists them): it asks
   * for the next page with `starting_after` set to the last object's id while `has_more`
   * is true. Stop early with `break`; pass `query.limit` (up to 100) for fewer round trips.
   */
  async *list<P extends ListPath>(path: P, ...args: ListArgs<P>): AsyncGenerator<ListItem<P>, void, undefined> {
    const options = (args[0] ?? {}) as { query?: Record<string, unknown>; path?: Record<string, unknown>; headers?: Record<string, string> };
    let startingAfter: string | undefined;
    for (;;) {
      const query = { ...options.query, ...(startingAfter === undefined ? {} : { starting_after: startingAfter }) };
      const page = (await this.call('GET', path, { params: { query, path: options.path }, headers: options.headers })) as { has_more: boolean; data: ListItem<P>[] };
      for (const item of page.data) yield item;
      if (!page.has_more || page.data.length === 0) return;
      const last = page.data.at(-1) as { id?: unknown };
      if (typeof last.id !== 'string') throw new TypeError(`${path} says it has more, but its objects have no id to continue after.`);
      startingAfter = last.id;
    }
  }

  private async call<T>(method: Uppercase<Method>, path: string, init: unknown): Promise<T> {
    const send = this.api[method] as (path: string, init?: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
    let result: Awaited<ReturnType<typeof send>>;
    try {
      result = await send(path, init);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new CanopyConnectionError(`${method} ${path} got no answer from Canopy: ${(error as Error).message}`, { cause: error });
    }
    if (result.error !== undefined || !result.response.ok) throw apiErrorOf(result.response, result.error);
    return result.data as T;
  }
}

/** The same as `new Canopy(options)`. */
export const createCanopy = (options: CanopyOptions) => new Canopy(options);
