// Runs in: renderer. Messages the server wrote, said in the interface language: an error body's `code` and `params`
// (src-shared/contract/messages.ts) or its validation `issues`, through the catalogue of the current locale. English,
// and any code this catalogue does not know (a newer server), keep the server's own text.
import { fieldLabel, type ValidationIssue } from '../../../../src-shared/contract/field-labels';
import { isMessageCode, MESSAGES, fillTemplate, paramText, type CodedMessage, type Message, type MessageCode } from '../../../../src-shared/contract/messages';
import { currentLocale, formatNumber, type Locale } from '../index';
import type { Entry } from '../types';
import { accounts } from './accounts';
import { ankiSync } from './anki-sync';
import { ankiconnect } from './ankiconnect';
import { extension } from './extension';
import { imports } from './imports';
import { library } from './library';
import { requests } from './requests';
import { translation } from './translation';
import { FIELD_LABELS_ES, ISSUES_ES, OTHER_FIELD_LABELS_ES, unknownField, type SpanishLabel } from './validation';

const SPANISH: Record<MessageCode, Entry> = { ...accounts, ...ankiSync, ...ankiconnect, ...extension, ...imports, ...library, ...requests, ...translation };

const CATALOGUES: Partial<Record<Locale, Record<MessageCode, Entry>>> = { es: SPANISH };

function pick(entry: Entry, count: unknown, locale: Locale): string {
  if (typeof entry === 'string') return entry;
  return entry[new Intl.PluralRules(locale).select(Number(count ?? 0))] ?? entry.other;
}

/** A coded message in a locale; nested messages (a reason inside a refusal) are said in the same language. */
export function serverMessage(m: Message, locale: Locale): string {
  const entry = CATALOGUES[locale]?.[m.code] ?? MESSAGES[m.code];
  return fillTemplate(pick(entry, m.params?.count, locale), m.params, (v) =>
    paramText(
      v,
      (nested) => serverMessage(nested, locale),
      (n) => formatNumber(n, undefined, locale),
    ),
  );
}

const isIssue = (v: unknown): v is ValidationIssue => typeof v === 'object' && v !== null && typeof (v as ValidationIssue).code === 'string';

/** One validation issue in a locale: the field as the form labels it, what is wrong with it. */
export function issueText(issue: ValidationIssue, locale: Locale): string {
  if (locale !== 'es' || issue.code === 'other' || !issue.field) return issue.message;
  const key =
    issue.field
      .split('.')
      .reverse()
      .find((p) => !/^\d+$/.test(p)) ?? issue.field;
  const labels: Record<string, SpanishLabel> = FIELD_LABELS_ES;
  const label = labels[key] ?? OTHER_FIELD_LABELS_ES[key] ?? unknownField(issue.params.label || fieldLabel(key));
  return ISSUES_ES[issue.code](label, issue.params);
}

/**
 * An error body in the interface language, or null to keep the server's text: validation issues first (they say
 * what the form got wrong, field by field), else the body's message code.
 */
export function localizedError(body: Record<string, unknown>, locale: Locale): string | null {
  if (!CATALOGUES[locale]) return null;
  if (Array.isArray(body.issues) && body.issues.length && body.issues.every(isIssue)) {
    return [...new Set(body.issues.map((i) => issueText(i, locale)))].join('; ');
  }
  if (isMessageCode(body.code)) {
    const params = typeof body.params === 'object' && body.params !== null ? (body.params as Message['params']) : undefined;
    return serverMessage({ code: body.code, params }, locale);
  }
  return null;
}

/** A successful answer's coded message (`message`, `message_code`, `message_params`) in the current interface language. */
export const saidMessage = (r: CodedMessage): string => localizedCode(r.message_code, r.message_params, r.message, currentLocale());

/** A message code sent outside an error (a probe's note, a job's refusal), with the English text to fall back on. */
export function localizedCode(code: unknown, params: unknown, english: string, locale: Locale): string {
  if (!CATALOGUES[locale] || !isMessageCode(code)) return english;
  return serverMessage({ code, params: typeof params === 'object' && params !== null ? (params as Message['params']) : undefined }, locale);
}
