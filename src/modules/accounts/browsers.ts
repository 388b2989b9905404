import type { AccountTexts } from './texts.ts';

/**
 * A browser's User-Agent as a person recognises it on their account page ("Firefox on
 * Windows"): the few browsers and systems most people use, in the order that tells them
 * apart (Edge and Opera say Chrome too, Chrome says Safari). Anything else: "Unknown browser".
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/HeadlessChrome\//, 'Headless Chrome'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/^curl\//, 'curl'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

export function describeBrowser(userAgent: string | null, t: Pick<AccountTexts, 'unknownBrowser' | 'browserOn'>): string {
  if (!userAgent) return t.unknownBrowser;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser) return t.unknownBrowser;
  return system ? t.browserOn(browser, system) : browser;
}
