import { accessSync, constants, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (never a downloaded browser); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Where browser tests leave their screenshots, to be looked at. */
export const SCREENSHOTS = fileURLToPath(new URL('../../tmp/screenshots/', import.meta.url));

/**
 * CI sets it: there a browser test that cannot find Chromium fails instead of skipping, so
 * that a run without browser tests cannot pass for one with them.
 */
const REQUIRED = process.env.CANOPY_REQUIRE_BROWSER === '1';

const MISSING = `no Chromium at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH)`;

function found(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * A `describe` option: skip, in one line saying how to get Chromium, where there is none;
 * under CANOPY_REQUIRE_BROWSER=1 the tests run and launchChromium fails them instead.
 */
export const withoutChromium: string | false = !REQUIRED && !found(CHROMIUM) && MISSING;

/** Starts headless Chromium with the flags this machine needs, and makes the screenshot folder. */
export async function launchChromium(): Promise<Browser> {
  if (!found(CHROMIUM)) throw new Error(REQUIRED ? `CANOPY_REQUIRE_BROWSER=1 and ${MISSING}` : MISSING);
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}
