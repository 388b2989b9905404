import type { Language } from '../../core/i18n.ts';

/**
 * The texts every public page shares (the layout, the page limit, dates), in English and
 * Dutch. A feature's own texts are in its texts.ts, made with featureTexts().
 */
const en = {
  trees: (n: number) => (n === 1 ? '1 tree' : `${formatNumber(n, 'en')} trees`),
  language: 'Language',
  footer: 'Canopy shows where the trees of this certificate are and the proof behind them.',
  giftFooter: 'Canopy shows where every tree is and the proof behind it.',
  minutes: (n: number) => (n === 1 ? '1 minute' : `${n} minutes`),
  tooManyRequestsTitle: 'Too many requests',
  tooManyRequestsBody: (wait: string) => `Too many pages were asked for from your connection in the last minute. You can try again in ${wait}.`,
  somethingWrongTitle: 'Something went wrong',
  somethingWrongBody: 'Please try again in a moment.',
};

export type SharedTexts = typeof en;

const nl: SharedTexts = {
  trees: (n: number) => (n === 1 ? '1 boom' : `${formatNumber(n, 'nl')} bomen`),
  language: 'Taal',
  footer: 'Canopy laat zien waar de bomen van dit certificaat staan en welk bewijs erbij hoort.',
  giftFooter: 'Canopy laat zien waar elke boom staat en welk bewijs erbij hoort.',
  minutes: (n: number) => (n === 1 ? '1 minuut' : `${n} minuten`),
  tooManyRequestsTitle: 'Te veel verzoeken',
  tooManyRequestsBody: (wait: string) => `Vanaf je verbinding zijn in de afgelopen minuut te veel pagina's opgevraagd. Je kunt het over ${wait} opnieuw proberen.`,
  somethingWrongTitle: 'Er ging iets mis',
  somethingWrongBody: 'Probeer het zo nog eens.',
};

export const TEXTS: Record<Language, SharedTexts> = { en, nl };

/** A feature's texts in both languages, with the shared ones, as its templates see them (`it.t`). */
export function featureTexts<T extends object>(texts: { en: T; nl: NoInfer<T> }): Record<Language, SharedTexts & T> {
  return { en: { ...en, ...texts.en }, nl: { ...nl, ...texts.nl } };
}

/**
 * The formatters of each language, made once: making an Intl formatter costs about 240 µs
 * (ICU loads its data), using one about 1 µs, and a company's impact page formats hundreds
 * of dates and numbers (bench/RESULTS.md, "The impact page").
 */
const LOCALES: Record<Language, string> = { en: 'en-GB', nl: 'nl-NL' };
const NUMBERS: Record<Language, Intl.NumberFormat> = { en: new Intl.NumberFormat('en'), nl: new Intl.NumberFormat('nl') };
const LONG_DATES = perLanguage((language) => new Intl.DateTimeFormat(LOCALES[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }));
const PERCENTS = perLanguage((language) => new Intl.NumberFormat(LOCALES[language], { style: 'percent', maximumFractionDigits: 0 }));
const REGIONS = perLanguage((language) => new Intl.DisplayNames([language], { type: 'region' }));

function perLanguage<T>(make: (language: Language) => T): Record<Language, T> {
  return { en: make('en'), nl: make('nl') };
}

/** A whole number as that language writes it: 1,234 or 1.234. */
export function formatNumber(n: number, language: Language): string {
  return NUMBERS[language].format(n);
}

/** A date as a person writes it in that language: 23 November 2026, 23 november 2026. */
export function longDate(value: string | Date, language: Language): string {
  const date = typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value;
  return LONG_DATES[language].format(date);
}

/** A fraction as a percentage: 0.92 is 92%. */
export function percent(fraction: number, language: Language): string {
  return PERCENTS[language].format(fraction);
}

/** A country's name (ISO 3166 alpha-2) in that language, or null when Intl does not know the code. */
export function regionName(code: string, language: Language): string | null {
  try {
    return REGIONS[language].of(code) ?? null;
  } catch {
    return null;
  }
}

/** snake_case words the foundation sends (`field_count`) read as words. */
export function words(value: string): string {
  return value.replace(/_/g, ' ');
}
