import { formatNumber } from '../../platform/pages/texts.ts';
import { featureTexts } from '../../platform/pages/texts.ts';

/**
 * The words of the impact page's embeddables (the badge, the widget, the share image), in
 * English and Dutch. Facts only, each one a figure of figures.ts: how many trees are
 * planted, how many pledged, how many were alive at the last count. Never a label or a
 * general claim ("climate neutral", CO2, "verified", "certified"): docs/decisions.md, "What
 * the badge may say".
 */

const number = (n: number, locale: 'en' | 'nl') => formatNumber(n, locale);

export const EMBED_TEXTS = featureTexts({
  en: {
    treesPlanted: (n: number) => (n === 1 ? '1 tree planted' : `${number(n, 'en')} trees planted`),
    treesPledged: (n: number) => (n === 1 ? '1 tree pledged' : `${number(n, 'en')} trees pledged`),
    toBePlanted: 'to be planted',
    morePledged: (n: number) => `${number(n, 'en')} pledged`,
    aliveAtLastCount: (percent: string) => `${percent} alive at last count`,
    noTrees: 'No trees yet',
    proofLine: 'Canopy · see the proof',
    pageLine: 'Canopy · see the page',
    /** The badge's <title>: its facts as one sentence, and where their proof is (the page, while there are no trees). */
    sentence: (company: string, facts: readonly string[], trees: boolean) =>
      `${company}: ${facts.join(', ')}. ${trees ? 'See the trees and the proof on Canopy.' : 'See the page on Canopy.'}`,
    noTreesFact: 'no trees yet',
    notPublic: 'Impact page not public',
    notFound: 'Impact page not found',
    widgetTitle: (company: string) => `Trees of ${company}`,
    widgetLink: 'See the trees and the proof',
    widgetLinkNoTrees: 'See the page',
    newTab: '(opens in a new tab)',
    widgetNotPublic: 'This company’s impact page is not public.',
    widgetNotFound: 'There is no impact page at this address.',
    // The share image
    cardSubtitle: 'Trees and their proof on Canopy',
    cardSubtitleNoTrees: 'Impact page on Canopy',
    cardPlanted: (n: number): string => (n === 1 ? 'tree planted' : 'trees planted'),
    cardPledgedOnly: (n: number): string => (n === 1 ? 'tree pledged, to be planted' : 'trees pledged, to be planted'),
    cardPledged: 'pledged, to be planted',
    cardAlive: 'alive at last count',
    cardProjects: (projects: number, countries: number) =>
      `${projects === 1 ? 'project' : 'projects'} in ${countries === 1 ? '1 country' : `${countries} countries`}`,
  },
  nl: {
    treesPlanted: (n: number) => (n === 1 ? '1 boom geplant' : `${number(n, 'nl')} bomen geplant`),
    treesPledged: (n: number) => (n === 1 ? '1 boom toegezegd' : `${number(n, 'nl')} bomen toegezegd`),
    toBePlanted: 'nog te planten',
    morePledged: (n: number) => `${number(n, 'nl')} toegezegd`,
    aliveAtLastCount: (percent: string) => `${percent} in leven bij de laatste telling`,
    noTrees: 'Nog geen bomen',
    proofLine: 'Canopy · bekijk het bewijs',
    pageLine: 'Canopy · bekijk de pagina',
    sentence: (company: string, facts: readonly string[], trees: boolean) =>
      `${company}: ${facts.join(', ')}. ${trees ? 'Bekijk de bomen en het bewijs op Canopy.' : 'Bekijk de pagina op Canopy.'}`,
    noTreesFact: 'nog geen bomen',
    notPublic: 'Impactpagina niet openbaar',
    notFound: 'Impactpagina niet gevonden',
    widgetTitle: (company: string) => `Bomen van ${company}`,
    widgetLink: 'Bekijk de bomen en het bewijs',
    widgetLinkNoTrees: 'Bekijk de pagina',
    newTab: '(opent in een nieuw tabblad)',
    widgetNotPublic: 'De impactpagina van dit bedrijf is niet openbaar.',
    widgetNotFound: 'Op dit adres staat geen impactpagina.',
    cardSubtitle: 'Bomen en het bewijs op Canopy',
    cardSubtitleNoTrees: 'Impactpagina op Canopy',
    cardPlanted: (n: number) => (n === 1 ? 'boom geplant' : 'bomen geplant'),
    cardPledgedOnly: (n: number) => (n === 1 ? 'boom toegezegd, nog te planten' : 'bomen toegezegd, nog te planten'),
    cardPledged: 'toegezegd, nog te planten',
    cardAlive: 'in leven bij de laatste telling',
    cardProjects: (projects: number, countries: number) =>
      `${projects === 1 ? 'project' : 'projecten'} in ${countries === 1 ? '1 land' : `${countries} landen`}`,
  },
});
