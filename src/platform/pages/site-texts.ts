import { featureTexts } from './texts.ts';

/**
 * What a person reads on Canopy's own pages, the home page and around the guides, in
 * English and Dutch. The guides themselves (docs/*.md) and the API reference are English.
 */
export const SITE_TEXTS = featureTexts({
  en: {
    homeHeading: 'Trees you can follow',
    homeIntro: [
      'Canopy shows a company the trees it contributes to, where each one is planted or will be, and the proof behind it: plantings, photos, species, monitoring and verification.',
      'Companies pass their trees on to customers and employees through an API, with gift codes and personal certificates.',
    ],
    giftHeading: 'Got a gift code?',
    giftText: 'Type the code from your card or email, and claim the trees that were given to you.',
    giftButton: 'Claim a gift code',
    developersHeading: 'For developers',
    developersText: 'Everything the API does, with the scope and the error codes of each operation, in one reference; the guides explain the rest.',
    apiReference: 'API reference',
    apiReferenceText: 'Every endpoint, parameter and answer of the v2 API.',
    openApi: 'OpenAPI document',
    guidesHeading: 'Guides',
    inEnglish: null as string | null,
    guideInEnglish: null as string | null,
    footerSite: 'Canopy shows where every tree is and the proof behind it.',
    home: 'Home',
    documentation: 'Documentation',
    onThisPage: 'On this page',
    asMarkdown: 'This guide as markdown',
    guideTitles: {
      errors: 'Errors',
      webhooks: 'Webhooks',
      'impact-page': 'The impact page on your site',
      'migrating-from-v1': 'Migrating from v1',
      'legacy-v1': 'Legacy v1 API',
    } as Record<string, string>,
    guideSummaries: {
      errors: 'Every error code: when it is answered, and what to do.',
      webhooks: 'Set up an endpoint, check signatures, and how retries work.',
      'impact-page': 'Embed the badge or the widget, and what each number counts.',
      'migrating-from-v1': 'Every v1 endpoint and what takes its place in v2.',
      'legacy-v1': 'The v1 API as it still answers, until its sunset.',
    } as Record<string, string>,
  },
  nl: {
    homeHeading: 'Bomen die je kunt volgen',
    homeIntro: [
      'Canopy laat een bedrijf zien aan welke bomen het bijdraagt, waar elke boom staat of komt te staan en welk bewijs erbij hoort: aanplant, foto’s, soorten, monitoring en verificatie.',
      'Bedrijven geven hun bomen via een API door aan klanten en medewerkers, met cadeaucodes en persoonlijke certificaten.',
    ],
    giftHeading: 'Een cadeaucode gekregen?',
    giftText: 'Typ de code van je kaart of e-mail en claim de bomen die je cadeau hebt gekregen.',
    giftButton: 'Cadeaucode verzilveren',
    developersHeading: 'Voor ontwikkelaars',
    developersText: 'Alles wat de API doet, met de scope en de foutcodes van elke operatie, in één naslag; de handleidingen leggen de rest uit.',
    apiReference: 'API-naslag',
    apiReferenceText: 'Elk endpoint, elke parameter en elk antwoord van de v2-API.',
    openApi: 'OpenAPI-document',
    guidesHeading: 'Handleidingen',
    inEnglish: 'De API-naslag en de handleidingen zijn in het Engels.',
    guideInEnglish: 'Deze handleiding is in het Engels.',
    footerSite: 'Canopy laat zien waar elke boom staat en welk bewijs erbij hoort.',
    home: 'Start',
    documentation: 'Documentatie',
    onThisPage: 'Op deze pagina',
    asMarkdown: 'Deze handleiding als markdown',
    guideTitles: {
      errors: 'Foutcodes',
      webhooks: 'Webhooks',
      'impact-page': 'De impactpagina op je eigen site',
      'migrating-from-v1': 'Overstappen van v1',
      'legacy-v1': 'De oude v1-API',
    },
    guideSummaries: {
      errors: 'Elke foutcode: wanneer je hem krijgt en wat je dan doet.',
      webhooks: 'Een endpoint instellen, handtekeningen controleren en hoe herhalingen werken.',
      'impact-page': 'De badge of de widget insluiten, en wat elk getal telt.',
      'migrating-from-v1': 'Elk v1-endpoint en wat er in v2 voor in de plaats komt.',
      'legacy-v1': 'De v1-API zoals die nog antwoordt, tot hij stopt.',
    },
  },
});
