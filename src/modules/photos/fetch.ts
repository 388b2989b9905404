import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { type CheckedTarget, checkWebhookUrl, UnsafeWebhookUrl, type UrlRules } from '../../platform/webhooks/url-guard.ts';

/**
 * Fetches a photo from where the foundation says it is, under the rules of webhooks
 * (platform/webhooks/url-guard.ts): https only, to a host whose every address is public,
 * connecting to the address that was checked. A redirect is followed (a CDN or a storage
 * bucket often answers with one), a few times at most, each new address checked again.
 * The whole fetch has one deadline, the body a size limit, and only image types are taken.
 */

export interface FetchLimits {
  /** The whole fetch, redirects and body included. */
  timeoutMs: number;
  /** The most bytes a photo may have. */
  maxBytes: number;
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = { timeoutMs: 15_000, maxBytes: 15 * 1024 * 1024 };

const MAX_REDIRECTS = 3;

/** The content types taken: what a camera or an image editor saves. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/jpg', 'image/pjpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/tiff']);

/** Why a source gave no photo, in words for the copy's record and the operator's log. */
export class PhotoFetchFailed extends Error {
  override readonly name = 'PhotoFetchFailed';
}

export async function fetchPhoto(sourceUrl: string, rules: UrlRules, limits: FetchLimits = DEFAULT_FETCH_LIMITS): Promise<Buffer> {
  const deadline = Date.now() + limits.timeoutMs;
  let url = sourceUrl;
  for (let redirects = 0; ; redirects++) {
    let target: CheckedTarget;
    try {
      target = await checkWebhookUrl(url, rules);
    } catch (error) {
      if (error instanceof UnsafeWebhookUrl) throw new PhotoFetchFailed(error.message.replace(/^The url/, 'The photo URL'));
      throw error;
    }
    const answer = await getOnce(target, deadline, limits);
    if (answer.kind === 'photo') return answer.bytes;
    if (redirects >= MAX_REDIRECTS) throw new PhotoFetchFailed(`more than ${MAX_REDIRECTS} redirects`);
    url = new URL(answer.location, target.url).toString();
  }
}

type Answer = { kind: 'photo'; bytes: Buffer } | { kind: 'redirect'; location: string };

const agents = { 'http:': new http.Agent({ keepAlive: false }), 'https:': new https.Agent({ keepAlive: false }) };

function getOnce(target: CheckedTarget, deadline: number, limits: FetchLimits): Promise<Answer> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | null, answer?: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(answer!);
    };
    const request = client.request(
      target.url,
      { method: 'GET', agent: agents[target.url.protocol as 'http:' | 'https:'], lookup: pinned, headers: { accept: [...IMAGE_TYPES].join(', '), 'user-agent': 'Canopy photo copier' } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          finish(null, { kind: 'redirect', location: response.headers.location });
          return;
        }
        const fail = (reason: string) => {
          finish(new PhotoFetchFailed(reason));
          response.destroy();
        };
        if (status !== 200) return fail(`HTTP ${status}`);
        const type = String(response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (!IMAGE_TYPES.has(type)) return fail(`content type ${type || '(none)'} is not a photo`);
        const declared = Number(response.headers['content-length']);
        if (declared > limits.maxBytes) return fail(`${declared} bytes, more than the ${limits.maxBytes} allowed`);
        const chunks: Buffer[] = [];
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > limits.maxBytes) fail(`more than the ${limits.maxBytes} bytes allowed`);
          else chunks.push(chunk);
        });
        response.on('end', () => finish(null, { kind: 'photo', bytes: Buffer.concat(chunks) }));
        response.on('error', (error) => finish(new PhotoFetchFailed(`the answer broke off: ${error.message}`)));
        response.on('aborted', () => finish(new PhotoFetchFailed('the answer broke off')));
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      finish(new PhotoFetchFailed(`no photo within ${limits.timeoutMs / 1000} s`));
    }, Math.max(0, deadline - Date.now()));
    request.on('error', (error) => finish(new PhotoFetchFailed(error.message)));
    request.end();
  });
}
