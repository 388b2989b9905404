/**
 * The weights of an Accept or Accept-Encoding header: each range or coding, lower case, with
 * its `q` (1 when not given; the highest when named twice). `text/html, *\/*;q=0.8` is
 * text/html 1 and *\/* 0.8. What it leaves out weighs nothing here: a caller decides what a
 * wildcard stands for.
 */
export function qualityValues(header: string | undefined): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (range !== '' && Number.isFinite(weight)) weights.set(range, Math.max(weights.get(range) ?? 0, weight));
  }
  return weights;
}

/**
 * Whether a client would rather have HTML than markdown: text/html named outright (browsers
 * do), and not below text/markdown. A wildcard alone (`*\/*`: curl, fetch) means markdown.
 */
export function prefersHtml(accept: string | undefined): boolean {
  const weights = qualityValues(accept);
  const html = weights.get('text/html') ?? 0;
  return html > 0 && html >= (weights.get('text/markdown') ?? 0);
}

/**
 * The compression to answer with: br, else gzip, as the client accepts them; null for none.
 * `*` stands for gzip, as the app's compression (@fastify/compress) reads it.
 */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const weights = qualityValues(acceptEncoding);
  const br = weights.get('br') ?? 0;
  const gzip = weights.get('gzip') ?? weights.get('x-gzip') ?? weights.get('*') ?? 0;
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}
