import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (never a downloaded browser); CHROMIUM_PATH points elsewhere. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Where browser tests leave their screenshots, to be looked at. */
export const SCREENSHOTS = fileURLToPath(new URL('../../tmp/screenshots/', import.meta.url));

/** A `describe` option: skip, saying why, where there is no Chromium (.ci/run installs it). */
export const withoutChromium = !existsSync(CHROMIUM) && `no Chromium at ${CHROMIUM} (.ci/run installs it)`;

/** Starts headless Chromium with the flags this machine needs, and makes the screenshot folder. */
export async function launchChromium(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}
