import { createHash } from 'node:crypto';

/**
 * The logo of a company that has none of its own: its initials on a colour of its own,
 * as an SVG. The colour comes from the slug, so it stays the same; text is escaped.
 */
export function initialsLogoSvg(name: string, slug: string): string {
  const initials = initialsOf(name);
  const hue = logoHue(slug);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img">',
    `<title>${escapeXml(name)}</title>`,
    `<rect width="256" height="256" rx="48" fill="hsl(${hue}, 45%, 32%)"/>`,
    `<text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="104" font-weight="600" fill="#ffffff">${escapeXml(initials)}</text>`,
    '</svg>',
  ].join('');
}

/** Up to two initials of a company's name, its first letters or digits; "?" when it has none. */
export function initialsOf(name: string): string {
  return name
    .split(/[\s\-–—&+/]+/u)
    .filter((word) => /\p{L}|\p{N}/u.test(word))
    .slice(0, 2)
    .map((word) => [...word].find((char) => /\p{L}|\p{N}/u.test(char))!.toLocaleUpperCase())
    .join('') || '?';
}

/** The generated logo's colour as #rrggbb, for mail clients that know no hsl(): the same colour as the SVG's. */
export function logoColour(slug: string): string {
  const hue = logoHue(slug);
  // hsl(hue, 45%, 32%) to RGB (CSS Color 4, "HSL to RGB").
  const saturation = 0.45;
  const lightness = 0.32;
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const value = lightness - saturation * Math.min(lightness, 1 - lightness) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255).toString(16).padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function logoHue(slug: string): number {
  return createHash('sha256').update(slug).digest().readUInt16BE(0) % 360;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!);
}
