import { createHash } from 'node:crypto';

/**
 * The logo of a company that has none of its own: its initials on a colour of its own,
 * as an SVG. The colour comes from the slug, so it stays the same; text is escaped.
 */
export function initialsLogoSvg(name: string, slug: string): string {
  const initials = name
    .split(/[\s\-–—&+/]+/u)
    .filter((word) => /\p{L}|\p{N}/u.test(word))
    .slice(0, 2)
    .map((word) => [...word].find((char) => /\p{L}|\p{N}/u.test(char))!.toLocaleUpperCase())
    .join('') || '?';
  const hue = createHash('sha256').update(slug).digest().readUInt16BE(0) % 360;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img">',
    `<title>${escapeXml(name)}</title>`,
    `<rect width="256" height="256" rx="48" fill="hsl(${hue}, 45%, 32%)"/>`,
    `<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="104" font-weight="600" fill="#ffffff">${escapeXml(initials)}</text>`,
    '</svg>',
  ].join('');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!);
}
