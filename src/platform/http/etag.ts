import { createHash } from 'node:crypto';

/**
 * Entity tags for answers a client may keep: the tag is a hash of what is sent, so the same
 * bytes always carry the same tag and any change gives a new one: a page invalidates
 * itself the moment its figures change, with nothing to purge.
 */
export function entityTag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether If-None-Match names the tag (or is `*`); weak tags compare by their value (RFC 9110, 13.1.2). */
export function ifNoneMatch(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((entry) => {
    const value = entry.trim();
    return value === '*' || value.replace(/^W\//, '') === tag;
  });
}
