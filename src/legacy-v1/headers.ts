import type { FastifyReply } from 'fastify';

/**
 * What every v1 answer says about v1's end, after the IETF standards: `Deprecation`
 * (RFC 9745: `@` and the Unix time v1 was deprecated), `Sunset` (RFC 8594: the HTTP date it
 * stops), and `Link` to the successor version and to the migration guide (rel
 * "successor-version" and "deprecation").
 */
export interface V1Lifetime {
  deprecatedAt: Date;
  sunsetAt: Date;
  publicBaseUrl: string;
}

export function migrationGuideUrl(publicBaseUrl: string, anchor?: string): string {
  return `${publicBaseUrl}/docs/migrating-from-v1${anchor ? `#${anchor}` : ''}`;
}

export function setDeprecationHeaders(reply: FastifyReply, lifetime: V1Lifetime): void {
  reply
    .header('Deprecation', `@${Math.floor(lifetime.deprecatedAt.getTime() / 1000)}`)
    .header('Sunset', lifetime.sunsetAt.toUTCString())
    .header(
      'Link',
      `<${lifetime.publicBaseUrl}/v2>; rel="successor-version", <${migrationGuideUrl(lifetime.publicBaseUrl)}>; rel="deprecation"; type="text/markdown"`,
    );
}
