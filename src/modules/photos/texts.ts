import type { Language } from '../../core/i18n.ts';

/** What a person reads of the photos: in place of one not copied yet, and at an address with none. */
export const TEXTS: Record<Language, {
  notAvailable: string;
  photoOf: string;
  notFoundTitle: string;
  notFoundBody: string;
  larger: string;
}> = {
  en: {
    notAvailable: 'Photo not available yet',
    photoOf: 'Photo of the planting',
    notFoundTitle: 'No such photo',
    notFoundBody: 'There is no photo at this address. Photos are shown on the certificate pages they belong to.',
    larger: 'Open the photo larger',
  },
  nl: {
    notAvailable: 'Foto nog niet beschikbaar',
    photoOf: 'Foto van de aanplant',
    notFoundTitle: 'Foto niet gevonden',
    notFoundBody: 'Op dit adres staat geen foto. Foto\'s staan op de certificaatpagina\'s waar ze bij horen.',
    larger: 'Open de foto groter',
  },
};
