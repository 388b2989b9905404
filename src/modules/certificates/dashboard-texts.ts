import { dashboardTexts } from '../../platform/dashboard/texts.ts';
import type { CERTIFICATE_TYPES } from './schemas.ts';

type CertificateType = (typeof CERTIFICATE_TYPES)[number];

/** Certificates in the dashboard, in English and Dutch. */
const en = {
  certificatesTitle: 'Certificates',
  certificatesIntro: 'Every certificate your company has issued: your company certificate, and one for each recipient you gave trees to or who claimed a gift code. Each has a public page that traces its trees to their proof, and a PDF.',
  modeLabel: 'Mode',
  live: 'Live',
  test: 'Test',
  typeLabel: 'Type',
  anyType: 'Every type',
  filterSubmit: 'Show',
  types: { company: 'Company', personal: 'Personal', gift: 'Gift' } as Record<CertificateType, string>,
  noCertificates: 'No certificates here yet.',
  colType: 'Type',
  colNumber: 'Number',
  colTrees: 'Trees',
  colRecipient: 'Issued to',
  colIssued: 'Issued',
  colActions: 'Actions',
  open: 'Open',
  openNamed: (number: string) => `Open certificate ${number}`,
  download: 'PDF',
  downloadNamed: (number: string) => `Download certificate ${number} as PDF`,
  noName: 'No name given',
  downloadNote: 'A PDF link works for an hour; reload the page for a fresh one.',
  nextPage: 'Older certificates',
  firstPage: 'Newest certificates',
  pagesLabel: 'More certificates',
};

const nl: typeof en = {
  certificatesTitle: 'Certificaten',
  certificatesIntro: 'Elk certificaat dat je bedrijf heeft uitgegeven: je bedrijfscertificaat, en een voor elke ontvanger aan wie je bomen gaf of die een cadeaucode verzilverde. Elk heeft een openbare pagina die de bomen naar hun bewijs herleidt, en een pdf.',
  modeLabel: 'Modus',
  live: 'Live',
  test: 'Test',
  typeLabel: 'Soort',
  anyType: 'Elke soort',
  filterSubmit: 'Tonen',
  types: { company: 'Bedrijf', personal: 'Persoonlijk', gift: 'Cadeau' },
  noCertificates: 'Hier zijn nog geen certificaten.',
  colType: 'Soort',
  colNumber: 'Nummer',
  colTrees: 'Bomen',
  colRecipient: 'Uitgegeven aan',
  colIssued: 'Uitgegeven',
  colActions: 'Acties',
  open: 'Openen',
  openNamed: (number: string) => `Certificaat ${number} openen`,
  download: 'Pdf',
  downloadNamed: (number: string) => `Certificaat ${number} als pdf downloaden`,
  noName: 'Geen naam opgegeven',
  downloadNote: 'Een pdf-link werkt een uur; laad de pagina opnieuw voor een nieuwe.',
  nextPage: 'Oudere certificaten',
  firstPage: 'Nieuwste certificaten',
  pagesLabel: 'Meer certificaten',
};

export const TEXTS = dashboardTexts({ en, nl });
export type CertificateDashboardTexts = (typeof TEXTS)['en'];
