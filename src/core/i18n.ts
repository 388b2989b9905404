/** The languages of translated texts, certificates and email. */
export type Language = 'en' | 'nl';
/** A text stored in several languages; English is always there. */
export type Translated = Partial<Record<Language, string>> & { en: string };

export const LANGUAGES: readonly Language[] = ['en', 'nl'];

/**
 * Picks the language from Accept-Language: the first of en/nl by q-value, English when
 * nothing matches (so "fr, nl;q=0.5" gives Dutch, "fr" gives English).
 */
export function negotiateLanguage(header: string | undefined): Language {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { base: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q[1]) : 1, index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked.find((entry) => (LANGUAGES as string[]).includes(entry.base))?.base as Language) ?? 'en';
}

/** The text in the wanted language, falling back to English. */
export function translate(text: Translated, language: Language): string;
export function translate(text: Translated | null, language: Language): string | null;
export function translate(text: Translated | null, language: Language): string | null {
  if (!text) return null;
  return text[language] ?? text.en;
}
