// Runs in: renderer. Messages with markup inside: the catalogue keeps the whole sentence (word order differs between
// languages), and elements fill its placeholders.
import { Fragment, type ReactNode } from 'react';
import { currentLocale, entryFor, interpolate, type MessageKey, type Vars } from './index';

/**
 * tr('dict.imported', { count: <strong>{n}</strong>, name: <strong>{d}</strong> }, n) → the sentence with the elements in
 * place. `count` picks the plural form when the entry has them (an element cannot be counted).
 */
export function tr(key: MessageKey, nodes: Record<string, ReactNode>, count?: number): ReactNode {
  const locale = currentLocale();
  const entry = entryFor(key, locale);
  let text: string;
  if (typeof entry === 'string') text = entry;
  else {
    const rules = new Intl.PluralRules(locale);
    text = entry[rules.select(count ?? 0)] ?? entry.other;
  }
  const plain: Vars = {};
  for (const [name, node] of Object.entries(nodes)) if (typeof node === 'string' || typeof node === 'number') plain[name] = node;
  const parts = interpolate(text, plain, locale).split(/\{(\w+)\}/g);
  return parts.map((part, i) => (i % 2 === 0 ? part : <Fragment key={i}>{nodes[part] ?? `{${part}}`}</Fragment>));
}
