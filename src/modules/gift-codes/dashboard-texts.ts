import type { Language } from '../../core/i18n.ts';
import { dashboardTexts } from '../../platform/dashboard/texts.ts';
import type { GiftCodeStatus } from './schemas.ts';
import type { GiftCodeBatchRefused } from './service.ts';

/** Gift codes in the dashboard, in English and Dutch. */
const trees = (n: number, language: Language) => `${n.toLocaleString(language === 'nl' ? 'nl-NL' : 'en-GB')} ${language === 'nl' ? (n === 1 ? 'boom' : 'bomen') : n === 1 ? 'tree' : 'trees'}`;

const en = {
  giftCodesTitle: 'Gift codes',
  giftCodesIntro: 'A gift code holds trees for one person, who claims them on the claim page and gets a certificate. Hand the codes out on printed cards, in an email or in a shop: Canopy does not send them. The trees are set aside from your unassigned trees when a code is made, and come back when it is revoked or expires unclaimed.',
  createLink: 'Make gift codes',
  modeLabel: 'Mode',
  live: 'Live',
  test: 'Test',
  unassigned: (n: number) => `Your company has ${trees(n, 'en')} unassigned in this mode.`,
  filterLegend: 'Show',
  statusLabel: 'Status',
  anyStatus: 'Any status',
  batchLabel: 'Batch',
  anyBatch: 'All codes',
  filterSubmit: 'Show',
  status: { open: 'Open', claimed: 'Claimed', expired: 'Expired', revoked: 'Revoked' } as Record<GiftCodeStatus, string>,
  noCodes: 'No gift codes here yet.',
  colCode: 'Code',
  colTrees: 'Trees',
  colStatus: 'Status',
  colValidUntil: 'Valid until',
  endOfDay: (day: string) => `End of ${day} (UTC)`,
  colCreated: 'Made',
  colBatch: 'Batch',
  colActions: 'Actions',
  revoke: 'Revoke',
  revokeNamed: (code: string) => `Revoke gift code ${code}`,
  throughApi: 'API',
  nextPage: 'Older codes',
  pagesLabel: 'More codes',
  firstPage: 'Newest codes',
  batchLabelOf: (made: string, codes: number, each: number) => `${made}: ${codes} × ${trees(each, 'en')}`,
  batchHeading: (codes: number, each: number) => `Batch of ${codes} ${codes === 1 ? 'code' : 'codes'}, ${trees(each, 'en')} each`,
  batchFacts: (made: string, who: string | null, until: string) => `Made ${made}${who ? ` by ${who}` : ''}. Valid until: ${until}.`,
  batchProject: (name: string) => `Trees from ${name}.`,
  batchCounts: 'In this batch now:',
  downloadHeading: 'Download',
  downloadCsv: 'The codes as CSV',
  cardsLegend: 'Printable cards (A4 PDF, ten cards a page, with crop marks)',
  cardsLanguage: 'Language of the cards',
  languages: { en: 'English', nl: 'Dutch' } as Record<Language, string>,
  downloadCards: 'Download the cards',
  cardsOpenOnly: 'The cards hold the codes that are open now; the CSV holds every code of the batch with its status.',
  noOpenCodesTitle: 'No open codes to print',
  noOpenCodesBody: 'Every code of this batch was claimed, has expired or was revoked. The CSV still lists them all.',
  done: {
    created: (codes: number) => `${codes} gift ${codes === 1 ? 'code was' : 'codes were'} made; their trees are set aside.`,
    already_created: 'This form was sent before: these are the codes it made then. Nothing new was made.',
    revoked: (code: string) => `Gift code ${code} was revoked; its trees are back among your unassigned trees.`,
  },

  newTitle: 'Make gift codes',
  newIntro: 'Make one code, or a batch of up to 1,000 with the same trees each, to print as cards or hand out as a list.',
  codesLabel: 'Number of codes',
  codesHint: 'From 1 to 1,000.',
  treesLabel: 'Trees per code',
  treesHint: 'Set aside from your oldest unassigned trees when the codes are made.',
  validUntilLabel: 'Valid until',
  validUntilHint: 'A code can be claimed until the end of this day (UTC), at most three years ahead. Unclaimed, its trees then come back.',
  projectLabel: 'Project',
  anyProject: 'Any project (your oldest trees first)',
  projectHint: 'Only trees from this project, if you choose one.',
  createSubmit: 'Make the codes',
  cancel: 'Cancel',
  problemsIntro: 'No codes were made.',
  problems: {
    codes_invalid: 'Make from 1 to 1,000 codes.',
    trees_invalid: 'Each code holds from 1 to 100,000 trees.',
    valid_until_invalid: 'Give the date as YYYY-MM-DD, for example 2027-12-31.',
    valid_until_past: 'The date must be today or later.',
    valid_until_too_far: 'A code can be valid for at most three years.',
    project_unknown: 'Choose a project from the list.',
    no_trees_available: 'Your company has too few unassigned trees for these codes.',
    already_created: 'This form was sent before.',
    gift_code_not_found: 'This gift code does not exist.',
    gift_code_not_open: 'Only an open code can be revoked: this one was claimed, has expired or was revoked already.',
  } as Record<GiftCodeBatchRefused['code'], string>,
  tooFewTrees: (wanted: number, available: number | null) =>
    available === null
      ? `The project has fewer than the ${trees(wanted, 'en')} these codes need unassigned. Nothing was set aside.`
      : `These codes need ${trees(wanted, 'en')}; ${trees(available, 'en')} are unassigned. Nothing was set aside.`,

  revokeTitle: (code: string) => `Revoke gift code ${code}?`,
  revokeIntro: (n: number) => `The code can no longer be claimed, and its ${trees(n, 'en')} go back to your unassigned trees. This cannot be undone. If the code was printed or sent, the person holding it will be told on the claim page that it no longer works.`,
  revokeSubmit: 'Revoke the code',

  planTitle: 'Gift codes come with the grow and automate plans',
  planBody: (plan: string) => `Your company is on the ${plan} plan, which shows your impact here and on your public page. To give trees to your customers, with gift codes, printed cards or a list of recipients, your company needs the grow or the automate plan.`,
  planAsk: 'Ask the operator of Canopy to move your company to grow or automate.',
  planRefusedTitle: 'Gift codes need the grow or automate plan',
  planRefusedBody: 'Nothing was changed.',
};

const nl: typeof en = {
  giftCodesTitle: 'Cadeaucodes',
  giftCodesIntro: 'Een cadeaucode houdt bomen vast voor één persoon, die ze verzilvert op de verzilverpagina en een certificaat krijgt. Deel de codes uit op gedrukte kaartjes, in een e-mail of in een winkel: Canopy verstuurt ze niet. De bomen worden bij het maken van een code apart gezet uit je niet-toegewezen bomen, en komen terug als de code wordt ingetrokken of onverzilverd verloopt.',
  createLink: 'Cadeaucodes maken',
  modeLabel: 'Modus',
  live: 'Live',
  test: 'Test',
  unassigned: (n: number) => `Je bedrijf heeft in deze modus ${trees(n, 'nl')} die nog niet zijn toegewezen.`,
  filterLegend: 'Tonen',
  statusLabel: 'Status',
  anyStatus: 'Elke status',
  batchLabel: 'Reeks',
  anyBatch: 'Alle codes',
  filterSubmit: 'Tonen',
  status: { open: 'Open', claimed: 'Verzilverd', expired: 'Verlopen', revoked: 'Ingetrokken' },
  noCodes: 'Hier zijn nog geen cadeaucodes.',
  colCode: 'Code',
  colTrees: 'Bomen',
  colStatus: 'Status',
  colValidUntil: 'Geldig tot',
  endOfDay: (day: string) => `t/m ${day} (UTC)`,
  colCreated: 'Gemaakt',
  colBatch: 'Reeks',
  colActions: 'Acties',
  revoke: 'Intrekken',
  revokeNamed: (code: string) => `Cadeaucode ${code} intrekken`,
  throughApi: 'API',
  nextPage: 'Oudere codes',
  pagesLabel: 'Meer codes',
  firstPage: 'Nieuwste codes',
  batchLabelOf: (made: string, codes: number, each: number) => `${made}: ${codes} × ${trees(each, 'nl')}`,
  batchHeading: (codes: number, each: number) => `Reeks van ${codes} ${codes === 1 ? 'code' : 'codes'}, elk ${trees(each, 'nl')}`,
  batchFacts: (made: string, who: string | null, until: string) => `Gemaakt op ${made}${who ? ` door ${who}` : ''}. Geldig: ${until}.`,
  batchProject: (name: string) => `Bomen uit ${name}.`,
  batchCounts: 'Nu in deze reeks:',
  downloadHeading: 'Downloaden',
  downloadCsv: 'De codes als CSV',
  cardsLegend: 'Kaartjes om te printen (A4-pdf, tien kaartjes per pagina, met snijtekens)',
  cardsLanguage: 'Taal van de kaartjes',
  languages: { en: 'Engels', nl: 'Nederlands' },
  downloadCards: 'Kaartjes downloaden',
  cardsOpenOnly: 'Op de kaartjes staan de codes die nu open zijn; de CSV bevat elke code van de reeks met de status.',
  noOpenCodesTitle: 'Geen open codes om te printen',
  noOpenCodesBody: 'Elke code van deze reeks is verzilverd, verlopen of ingetrokken. De CSV bevat ze nog allemaal.',
  done: {
    created: (codes: number) => `${codes} ${codes === 1 ? 'cadeaucode is' : 'cadeaucodes zijn'} gemaakt; de bomen zijn apart gezet.`,
    already_created: 'Dit formulier was al verstuurd: dit zijn de codes die het toen maakte. Er is niets nieuws gemaakt.',
    revoked: (code: string) => `Cadeaucode ${code} is ingetrokken; de bomen zijn terug bij je niet-toegewezen bomen.`,
  },

  newTitle: 'Cadeaucodes maken',
  newIntro: 'Maak één code, of een reeks van hooguit 1.000 met elk evenveel bomen, om als kaartjes te printen of als lijst uit te delen.',
  codesLabel: 'Aantal codes',
  codesHint: 'Van 1 tot 1.000.',
  treesLabel: 'Bomen per code',
  treesHint: 'Apart gezet uit je oudste niet-toegewezen bomen zodra de codes gemaakt zijn.',
  validUntilLabel: 'Geldig tot',
  validUntilHint: 'Een code kan worden verzilverd tot het einde van deze dag (UTC), hooguit drie jaar vooruit. Onverzilverd komen de bomen dan terug.',
  projectLabel: 'Project',
  anyProject: 'Elk project (je oudste bomen eerst)',
  projectHint: 'Alleen bomen uit dit project, als je er een kiest.',
  createSubmit: 'Codes maken',
  cancel: 'Annuleren',
  problemsIntro: 'Er zijn geen codes gemaakt.',
  problems: {
    codes_invalid: 'Maak 1 tot 1.000 codes.',
    trees_invalid: 'Een code houdt 1 tot 100.000 bomen.',
    valid_until_invalid: 'Geef de datum als JJJJ-MM-DD, bijvoorbeeld 2027-12-31.',
    valid_until_past: 'De datum moet vandaag of later zijn.',
    valid_until_too_far: 'Een code is hooguit drie jaar geldig.',
    project_unknown: 'Kies een project uit de lijst.',
    no_trees_available: 'Je bedrijf heeft te weinig niet-toegewezen bomen voor deze codes.',
    already_created: 'Dit formulier was al verstuurd.',
    gift_code_not_found: 'Deze cadeaucode bestaat niet.',
    gift_code_not_open: 'Alleen een open code kan worden ingetrokken: deze is verzilverd, verlopen of al ingetrokken.',
  },
  tooFewTrees: (wanted: number, available: number | null) =>
    available === null
      ? `Het project heeft minder dan de ${trees(wanted, 'nl')} die deze codes nodig hebben niet toegewezen. Er is niets apart gezet.`
      : `Deze codes hebben ${trees(wanted, 'nl')} nodig; ${trees(available, 'nl')} zijn niet toegewezen. Er is niets apart gezet.`,

  revokeTitle: (code: string) => `Cadeaucode ${code} intrekken?`,
  revokeIntro: (n: number) => `De code kan dan niet meer worden verzilverd, en de ${trees(n, 'nl')} gaan terug naar je niet-toegewezen bomen. Dit kan niet ongedaan worden gemaakt. Is de code al geprint of verstuurd, dan ziet wie hem heeft op de verzilverpagina dat hij niet meer werkt.`,
  revokeSubmit: 'Code intrekken',

  planTitle: 'Cadeaucodes horen bij de pakketten grow en automate',
  planBody: (plan: string) => `Je bedrijf heeft het pakket ${plan}, dat je impact hier en op je openbare pagina laat zien. Om bomen aan je klanten te geven, met cadeaucodes, gedrukte kaartjes of een lijst ontvangers, heeft je bedrijf het pakket grow of automate nodig.`,
  planAsk: 'Vraag de beheerder van Canopy je bedrijf naar grow of automate over te zetten.',
  planRefusedTitle: 'Cadeaucodes horen bij de pakketten grow en automate',
  planRefusedBody: 'Er is niets veranderd.',
};

export const TEXTS = dashboardTexts({ en, nl });
export type GiftCodeDashboardTexts = (typeof TEXTS)['en'];

/** What the printed cards say (cards-pdf.ts). */
export const CARD_TEXTS: Record<Language, {
  documentTitle: (company: string) => string;
  giftOf: (n: number) => string;
  yourCode: string;
  scan: string;
  redeem: (page: string, until: string) => string;
  testCard: string;
  pageLine: (from: number, to: number, of: number) => string;
}> = {
  en: {
    documentTitle: (company) => `Gift cards of ${company}`,
    giftOf: (n) => `A gift of ${trees(n, 'en')}`,
    yourCode: 'Your code',
    scan: 'Scan to claim',
    redeem: (page, until) => `Claim your trees at ${page} with this code by the end of ${until}.`,
    testCard: 'TEST MODE: NOT A REAL GIFT',
    pageLine: (from, to, of) => `Cards ${from} to ${to} of ${of}`,
  },
  nl: {
    documentTitle: (company) => `Cadeaukaartjes van ${company}`,
    giftOf: (n) => `Een cadeau van ${trees(n, 'nl')}`,
    yourCode: 'Je code',
    scan: 'Scan om te verzilveren',
    redeem: (page, until) => `Verzilver je bomen met deze code op ${page}, tot en met ${until}.`,
    testCard: 'TESTMODUS: GEEN ECHT CADEAU',
    pageLine: (from, to, of) => `Kaartjes ${from} tot en met ${to} van ${of}`,
  },
};
