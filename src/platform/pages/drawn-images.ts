/**
 * Images a page draws (share cards), kept in this process by a tag that hashes what they
 * show, up to `maxBytes` in all, the least recently used dropped first. A tag names its
 * content, so an entry is never stale; drawing takes longer than reading what it shows.
 */
export function drawnImages(maxBytes: number) {
  const kept = new Map<string, Buffer>();
  let keptBytes = 0;
  return {
    /** The image of `tag`, drawn by `draw` unless it is kept. */
    async get(tag: string, draw: () => Promise<Buffer>): Promise<Buffer> {
      const cached = kept.get(tag);
      if (cached) {
        kept.delete(tag);
        kept.set(tag, cached);
        return cached;
      }
      const image = await draw();
      if (kept.has(tag)) return image; // drawn meanwhile for another request
      kept.set(tag, image);
      keptBytes += image.length;
      for (const [oldest, bytes] of kept) {
        if (keptBytes <= maxBytes) break;
        kept.delete(oldest);
        keptBytes -= bytes.length;
      }
      return image;
    },
  };
}
