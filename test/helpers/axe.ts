import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * axe-core (Deque's accessibility engine, a browser script) run in a page that playwright-core
 * opened. The script goes in through the DevTools protocol (page.evaluate), which the pages'
 * Content-Security-Policy does not govern; an inline <script> tag would be refused by it,
 * and turning the policy off would test another page than the one a reader gets.
 */

const require = createRequire(import.meta.url);
const AXE_SOURCE: string = require('axe-core').source;

/** The impacts that fail a page. */
export const FAILING_IMPACTS = ['serious', 'critical'] as const;

export interface AxeProblem {
  rule: string;
  impact: string;
  help: string;
  /** A few of the elements concerned, as CSS selectors, each with what axe says is wrong with it. */
  targets: string[];
}

/** The serious and critical violations of WCAG 2.x A and AA and axe's best practices on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeProblem[]> {
  const loaded = await page.evaluate('typeof window.axe === "object"');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  // A script as text: tsx would name the page's functions with a helper the page does not have.
  const violations = (await page.evaluate(`axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary || '' })),
  })))`)) as { id: string; impact: string | null; help: string; nodes: { target: string; summary: string }[] }[];
  return violations
    .filter((violation) => (FAILING_IMPACTS as readonly (string | null)[]).includes(violation.impact))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 4).map((node) => `${node.target}: ${node.summary.replace(/\s+/g, ' ').trim()}`),
    }));
}

/** Violations as lines to read in a failed assertion. */
export function formatViolations(pageName: string, problems: readonly AxeProblem[]): string[] {
  return problems.map((problem) => `${pageName}: ${problem.rule} (${problem.impact}) ${problem.help}\n    ${problem.targets.join('\n    ')}`);
}
