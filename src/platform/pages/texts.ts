import type { Language } from '../../core/i18n.ts';

/**
 * The texts every public page shares (the layout, the page limit, dates), in English and
 * Dutch. A feature's own texts are in its texts.ts, made with featureTexts().
 */
const en = {
  trees: (n: number) => (n === 1 ? '1 tree' : `${n.toLocaleString('en')} trees`),
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
  trees: (n: number) => (n === 1 ? '1 boom' : `${n.toLocaleString('nl')} bomen`),
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

/** A date as a person writes it in that language: 23 November 2026, 23 november 2026. */
export function longDate(value: string | Date, language: Language): string {
  const date = typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value;
  return date.toLocaleDateString(language === 'nl' ? 'nl-NL' : 'en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** A fraction as a percentage: 0.92 is 92%. */
export function percent(fraction: number, language: Language): string {
  return fraction.toLocaleString(language === 'nl' ? 'nl-NL' : 'en-GB', { style: 'percent', maximumFractionDigits: 0 });
}

/** snake_case words the foundation sends (`field_count`) read as words. */
export function words(value: string): string {
  return value.replace(/_/g, ' ');
}
