import type { Language } from '../../core/i18n.ts';
import { featureTexts } from '../pages/texts.ts';

/**
 * The texts every dashboard page shares: the layout (menu, sign out), and the pages the
 * surface answers itself (not signed in, not allowed, not found, a form that expired). A
 * feature's dashboard texts are its own, made with dashboardTexts().
 */
const en = {
  dashboard: 'Dashboard',
  menu: 'Menu',
  signedInAs: (name: string) => `Signed in as ${name}`,
  signOut: 'Sign out',
  signIn: 'Sign in',
  yourAccount: 'Your account',
  skipToContent: 'Skip to content',
  roleAdmin: 'Admin',
  roleMember: 'Member',
  dashboardFooter: 'Canopy shows the trees your company contributes to and the proof behind them.',
  notAllowedTitle: 'Only admins can open this page',
  notAllowedBody: 'Your role in this company is member. An admin of your company can do this, or make you an admin.',
  notFoundTitle: 'Not found',
  notFoundBody: 'This page does not exist, or it belongs to another company.',
  formExpiredTitle: 'The form expired',
  formExpiredBody: 'Nothing was changed. Go back, reload the page and try again.',
  badRequestTitle: 'That did not work',
  badRequestBody: 'The request was not understood; nothing was changed.',
  companyInactiveTitle: 'This company is not active',
  companyInactiveBody: 'Its dashboard is closed. Ask the operator of Canopy if this is unexpected.',
  back: 'Back to the dashboard',
  saved: 'Saved.',
  required: 'Required',
  optional: 'optional',
};

type DashboardTexts = typeof en;

const nl: DashboardTexts = {
  dashboard: 'Dashboard',
  menu: 'Menu',
  signedInAs: (name: string) => `Ingelogd als ${name}`,
  signOut: 'Uitloggen',
  signIn: 'Inloggen',
  yourAccount: 'Je account',
  skipToContent: 'Naar de inhoud',
  roleAdmin: 'Beheerder',
  roleMember: 'Lid',
  dashboardFooter: 'Canopy laat de bomen zien waaraan je bedrijf bijdraagt, en het bewijs erachter.',
  notAllowedTitle: 'Alleen beheerders kunnen deze pagina openen',
  notAllowedBody: 'Je rol in dit bedrijf is lid. Een beheerder van je bedrijf kan dit doen, of jou beheerder maken.',
  notFoundTitle: 'Niet gevonden',
  notFoundBody: 'Deze pagina bestaat niet, of hoort bij een ander bedrijf.',
  formExpiredTitle: 'Het formulier is verlopen',
  formExpiredBody: 'Er is niets veranderd. Ga terug, laad de pagina opnieuw en probeer het nog eens.',
  badRequestTitle: 'Dat lukte niet',
  badRequestBody: 'Het verzoek werd niet begrepen; er is niets veranderd.',
  companyInactiveTitle: 'Dit bedrijf is niet actief',
  companyInactiveBody: 'Het dashboard is gesloten. Vraag het na bij de beheerder van Canopy als dit onverwacht is.',
  back: 'Terug naar het dashboard',
  saved: 'Opgeslagen.',
  required: 'Verplicht',
  optional: 'optioneel',
};

export const DASHBOARD_TEXTS = featureTexts({ en, nl });

/** A feature's dashboard texts in both languages, with the layout's and the shared ones (`it.t` in its templates). */
export function dashboardTexts<T extends object>(texts: { en: T; nl: NoInfer<T> }): Record<Language, (typeof DASHBOARD_TEXTS)['en'] & T> {
  return { en: { ...DASHBOARD_TEXTS.en, ...texts.en }, nl: { ...DASHBOARD_TEXTS.nl, ...texts.nl } };
}
