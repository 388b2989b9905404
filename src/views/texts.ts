import type { Language } from '../core/i18n.ts';

/** Every text a person reads on Canopy's pages, PDFs and emails, in English and Dutch. */
const en = {
  certificate: 'Certificate of trees',
  companyCertificate: 'Company certificate of trees',
  giftCertificate: 'Gift certificate of trees',
  testCertificate: 'Test certificate: made in test mode, it certifies no real trees.',
  number: 'Certificate number',
  issuedTo: 'Issued to',
  issuedOn: 'Issued on',
  givenBy: 'Given by',
  trees: (n: number) => (n === 1 ? '1 tree' : `${n.toLocaleString('en')} trees`),
  certifies: (trees: string, name: string) => `This certifies that ${trees} grow for ${name}.`,
  certifiesPledged: (trees: string, name: string) => `This certifies that ${trees} are pledged to be planted for ${name}.`,
  certifiesCompany: (trees: string, name: string) => `This certifies that ${name} contributes ${trees}.`,
  message: 'Message',
  download: 'Download the certificate (PDF)',
  proof: 'Where the trees are, and the proof',
  project: 'Project',
  partner: 'Planting partner',
  plantedOn: 'Planted on',
  pledged: 'Pledged: these trees are to be planted in the next planting season. This page will show their proof as it arrives.',
  species: 'Species',
  location: 'Location',
  openMap: 'Open the location on OpenStreetMap',
  photos: 'Photos',
  photoBy: (credit: string) => `Photo: ${credit}`,
  survival: 'Latest survival measurement',
  survivalLine: (rate: string, date: string, method: string) => `${rate} of the trees alive on ${date} (${method}).`,
  notMeasured: 'Not measured yet: the first measurement follows about a year after planting.',
  verification: 'Verification',
  verifiedBy: (verifier: string, from: string, to: string) => `Verified by ${verifier} for ${from} to ${to}.`,
  readStatement: 'Read the verification statement',
  notVerified: 'The project has no published verification statement yet.',
  treesHere: (trees: string) => `${trees} of this certificate`,
  morePlantings: 'The company certificate shows its largest plantings.',
  withdrawnTitle: 'This certificate was withdrawn',
  withdrawnBody: 'The certificate was withdrawn by the company that issued it, so it no longer certifies any trees. If you received it, ask that company why.',
  notFoundTitle: 'No such certificate',
  notFoundBody: 'There is no certificate at this address. Check the link you were given; certificate links look like /certificates/cert_…',
  linkExpiredTitle: 'This download link has expired',
  linkExpiredBody: 'Download links work for an hour. Open the certificate page again for a fresh link.',
  linkInvalidTitle: 'This download link is not valid',
  linkInvalidBody: 'The link was changed or is incomplete. Open the certificate page and download the certificate from there.',
  toCertificate: 'Go to the certificate',
  verifyAt: 'Verify this certificate at',
  language: 'Language',
  footer: 'Canopy shows where every tree of this certificate grows and the proof behind it.',
  emailSubject: (company: string, trees: string) => `${company} gave you ${trees}`,
  emailGreeting: (name: string) => (name ? `Dear ${name},` : 'Hello,'),
  emailBody: (company: string, trees: string) => `${company} gave you ${trees}. Your certificate is attached, and its page shows where your trees grow, with photos, measurements and the verification behind them:`,
  emailButton: 'See your trees',
  emailClosing: 'With green regards,',
  emailWhy: (company: string) => `You receive this email because ${company} gave you trees through Canopy.`,
};

type Texts = typeof en;

const nl: Texts = {
  certificate: 'Certificaat van bomen',
  companyCertificate: 'Bedrijfscertificaat van bomen',
  giftCertificate: 'Cadeaucertificaat van bomen',
  testCertificate: 'Testcertificaat: gemaakt in testmodus, het certificeert geen echte bomen.',
  number: 'Certificaatnummer',
  issuedTo: 'Uitgereikt aan',
  issuedOn: 'Uitgereikt op',
  givenBy: 'Geschonken door',
  trees: (n: number) => (n === 1 ? '1 boom' : `${n.toLocaleString('nl')} bomen`),
  certifies: (trees: string, name: string) => `Hierbij wordt bevestigd dat er ${trees} groeien voor ${name}.`,
  certifiesPledged: (trees: string, name: string) => `Hierbij wordt bevestigd dat er ${trees} zijn toegezegd om te planten voor ${name}.`,
  certifiesCompany: (trees: string, name: string) => `Hierbij wordt bevestigd dat ${name} bijdraagt aan ${trees}.`,
  message: 'Bericht',
  download: 'Download het certificaat (PDF)',
  proof: 'Waar de bomen staan, en het bewijs',
  project: 'Project',
  partner: 'Plantpartner',
  plantedOn: 'Geplant op',
  pledged: 'Toegezegd: deze bomen worden in het volgende plantseizoen geplant. Deze pagina toont het bewijs zodra het binnenkomt.',
  species: 'Soorten',
  location: 'Locatie',
  openMap: 'Bekijk de locatie op OpenStreetMap',
  photos: "Foto's",
  photoBy: (credit: string) => `Foto: ${credit}`,
  survival: 'Laatste overlevingsmeting',
  survivalLine: (rate: string, date: string, method: string) => `${rate} van de bomen leefde op ${date} (${method}).`,
  notMeasured: 'Nog niet gemeten: de eerste meting volgt ongeveer een jaar na het planten.',
  verification: 'Verificatie',
  verifiedBy: (verifier: string, from: string, to: string) => `Geverifieerd door ${verifier} over ${from} tot ${to}.`,
  readStatement: 'Lees de verificatieverklaring',
  notVerified: 'Het project heeft nog geen gepubliceerde verificatieverklaring.',
  treesHere: (trees: string) => `${trees} van dit certificaat`,
  morePlantings: 'Het bedrijfscertificaat toont de grootste aanplanten.',
  withdrawnTitle: 'Dit certificaat is ingetrokken',
  withdrawnBody: 'Het certificaat is ingetrokken door het bedrijf dat het uitgaf en certificeert geen bomen meer. Heb je het ontvangen, vraag dat bedrijf dan waarom.',
  notFoundTitle: 'Certificaat niet gevonden',
  notFoundBody: 'Op dit adres staat geen certificaat. Controleer de link die je kreeg; certificaatlinks zien eruit als /certificates/cert_…',
  linkExpiredTitle: 'Deze downloadlink is verlopen',
  linkExpiredBody: 'Downloadlinks werken een uur. Open de certificaatpagina opnieuw voor een nieuwe link.',
  linkInvalidTitle: 'Deze downloadlink is niet geldig',
  linkInvalidBody: 'De link is gewijzigd of onvolledig. Open de certificaatpagina en download het certificaat daar.',
  toCertificate: 'Naar het certificaat',
  verifyAt: 'Controleer dit certificaat op',
  language: 'Taal',
  footer: 'Canopy laat zien waar elke boom van dit certificaat groeit en welk bewijs erbij hoort.',
  emailSubject: (company: string, trees: string) => `${company} heeft je ${trees} geschonken`,
  emailGreeting: (name: string) => (name ? `Beste ${name},` : 'Hallo,'),
  emailBody: (company: string, trees: string) => `${company} heeft je ${trees} geschonken. Je certificaat zit in de bijlage, en op de pagina zie je waar je bomen groeien, met foto's, metingen en de verificatie:`,
  emailButton: 'Bekijk je bomen',
  emailClosing: 'Met groene groet,',
  emailWhy: (company: string) => `Je ontvangt deze e-mail omdat ${company} je via Canopy bomen heeft geschonken.`,
};

export const TEXTS: Record<Language, Texts> = { en, nl };

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
