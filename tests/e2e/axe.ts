// axe-core's serious and critical violations on the page as it is now (WCAG 2.1 A/AA and best practices), each
// as one line naming the rule and the elements: the one rule set of accessibility.spec.ts and the specs that
// check a screen in a state only they build (the reader's panel, a feed wizard after a check, an LWT preview).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1] ?? ''}`).join('\n    ')}`,
    );
}
