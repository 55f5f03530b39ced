/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { textsShownAsKeys } from './raw-keys';

/** axe-core from node_modules (the npm package), injected into the page under test. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** One line per violation and element, readable in a failed test's output. */
function describe(violations: readonly AxeViolation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${JSON.stringify(node.target)} ${node.html.slice(0, 160)}`,
    ),
  );
}

/**
 * Runs axe-core on the page as it is now (WCAG 2.x A and AA, best practices, and the name-contains-
 * the-visible-text check, which axe keeps experimental) and returns its violations as lines.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Colours are judged as they end: wait for finite animations (a modal popping in, a toast sliding in).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })) as { violations: unknown[] };
    return result.violations;
  });
  return describe(violations as AxeViolation[]);
}

/** Fails with every violation axe-core finds on the page (`screen` names it in the message). */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  const found = await axeViolations(page);
  expect({ screen, violations: found }).toEqual({ screen, violations: [] });
  // Every screen the journeys check with axe is checked for texts shown as their keys too.
  expect({ screen, textsShownAsKeys: await textsShownAsKeys(page) }).toEqual({
    screen,
    textsShownAsKeys: [],
  });
}
