// Runs in: the extension's content script. The highlights' names and their style: one `::highlight()` rule per status
// (and its second shade, and a multi-word term's underline), from the learner's status colours, checked values only.
import { STATUS_UNKNOWN, UNKNOWN_COLOR } from '../../src-shared/contract/status';

const SAFE_COLOR = /^(#[0-9a-fA-F]{3,8}|transparent|rgba?\([0-9.,\s%]+\))$/;

/** Highlight names: a status's background (`…a`: its second shade), a multi-word term's underline. */
export const wordHighlight = (status: number, alt = false) => `lectio-s${status}${alt ? 'a' : ''}`;
export const multiHighlight = (status: number) => `lectio-m${status}`;

/** The style sheet's text, and the highlights with nothing to paint (transparent statuses), never registered. */
export function highlightStyle(statuses: { status: number; color: string; colorDark: string }[]): { css: string; unpainted: string[] } {
  // Words written together (no space between) alternate between the colour and a slightly darker shade of it, so
  // one word's end shows (highlights cannot draw the hairline a wrapping element could).
  const shades = (status: number, color: string) => [
    `::highlight(${wordHighlight(status)}){background-color:${color}}`,
    `::highlight(${wordHighlight(status, true)}){background-color:color-mix(in srgb,${color} 82%,#000)}`,
  ];
  const rules = shades(STATUS_UNKNOWN, UNKNOWN_COLOR);
  const unpainted: string[] = [];
  for (const s of statuses) {
    if (!Number.isInteger(s.status) || !SAFE_COLOR.test(s.color)) continue;
    // A word the learner knows well is most of a page and shows nothing: the browser never has to track its range.
    if (s.color === 'transparent') unpainted.push(wordHighlight(s.status), wordHighlight(s.status, true));
    rules.push(...shades(s.status, s.color));
    // Multi-word terms: a bar under their words in the status's dark colour (the light ones vanish on white).
    const bar = SAFE_COLOR.test(s.colorDark) && s.colorDark !== 'transparent' ? s.colorDark : '#777';
    rules.push(`::highlight(${multiHighlight(s.status)}){text-decoration:underline 3px ${bar};text-underline-offset:1px}`);
  }
  return { css: rules.join('\n'), unpainted };
}
