// Runs in: any process (pure). What an import from another tool brings, in Lectio's terms, before anything is
// stored: the migrate worker produces it from LWT and Lute files; the migrate service previews and stores it.
import type { LanguageDto } from '../contract/languages';
import type { ParserSettings } from '../text/tokenize';
import { type Message } from '../contract/messages';

/** A language as the plan carries it: the settings a Lectio language has, keyed by the source tool's id. */
export type PlanLanguage = ParserSettings &
  Pick<LanguageDto, 'LgName' | 'LgRightToLeft' | 'LgShowRomanization' | 'LgTextSize' | 'LgDict1URI' | 'LgDict2URI' | 'LgGoogleTranslateURI'> & {
    /** The id in the source tool (keys terms, texts, feeds). */
    sourceId: number;
    /** True when the source had no such language row (a feed or text pointing at a missing one). */
    placeholder?: boolean;
  };

export interface PlanTerm {
  language: number;
  WoText: string;
  WoStatus: number;
  WoTranslation: string;
  WoRomanization: string;
  WoSentence: string;
  WoNotes: string;
  WoLemma: string;
  tags: string[];
  /** When the source made the term and last changed its status (epoch ms), where it kept them. */
  WoCreated?: number;
  WoStatusChanged?: number;
}

export interface PlanText {
  language: number;
  TxTitle: string;
  TxText: string;
  TxAudioURI: string;
  TxSourceURI: string;
  TxArchived: boolean;
  tags: string[];
  /** When the source made the text and when the learner finished reading it (epoch ms), where it kept them. */
  TxCreated?: number;
  TxFinishedAt?: number;
  /** Lute: the book this page belongs to (title) and its page number. */
  book?: { key: string; title: string; page: number; pages: number; current: boolean };
}

export interface PlanFeed {
  language: number;
  NfName: string;
  NfSourceURI: string;
  NfArticleSectionTags: string;
  NfFilterTags: string;
  NfOptions: string;
}

export interface ImportPlan {
  source: 'lwt' | 'lute';
  languages: PlanLanguage[];
  terms: PlanTerm[];
  texts: PlanText[];
  feeds: PlanFeed[];
  /** Things read but not imported, in words (shown in the preview). */
  notes: Message[];
}

/** A dictionary URL template of another tool → Lectio's (### stands for the word); http(s) only, else ''. */
export function dictionaryUrl(raw: unknown, placeholder: string | RegExp): string {
  if (typeof raw !== 'string') return '';
  let url = raw.trim();
  // LWT marks "open in a pop-up" with a leading *; Lute with a "*" too in older versions.
  if (url.startsWith('*')) url = url.slice(1);
  url = url.replace(placeholder, '###');
  return /^https?:\/\//i.test(url) ? url.slice(0, 500) : '';
}

/** PCRE \x{HHHH} escapes (LWT, Lute) → JavaScript \u{HHHH} for Lectio's u-flag character classes. */
export const pcreClassToJs = (cls: string): string => cls.replace(/\\x\{([0-9a-fA-F]{1,6})\}/g, '\\u{$1}');

/**
 * A text longer than `max` characters as parts of at most `max`, as a book is cut into chapters: each part ends at
 * the last paragraph break before the limit (else the last sentence end or space; else exactly at it), so nothing
 * is lost and no part is over the text length limit (issue 43: a 6.5 M-character text was cut to 5 M).
 */
export function splitLongText(text: string, max: number): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max);
    const floor = Math.floor(max / 2);
    let cut = window.lastIndexOf('\n');
    if (cut < floor) cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('。')) + 1;
    if (cut < floor) cut = window.lastIndexOf(' ');
    if (cut < floor) cut = max;
    parts.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut);
  }
  parts.push(rest.trim());
  return parts.filter((p, i) => p !== '' || i === 0);
}

export const str = (v: unknown, max = 100_000): string => (v === null || v === undefined ? '' : String(v)).slice(0, max);
export const num = (v: unknown, fallback = 0): number => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : fallback;
};
export const bool = (v: unknown): boolean => num(v) !== 0;

/** LWT's "never" for WoStatusChanged is 1970-01-01 01:00:01; nothing a learner did predates this. */
const EARLIEST_REAL_DATE = Date.UTC(1990, 0, 1);

/**
 * A date the source kept (MySQL / SQLite "YYYY-MM-DD HH:MM:SS", read as UTC, or epoch seconds) as epoch ms;
 * undefined for an empty, placeholder or unreadable one, so the row gets the import's moment instead.
 */
export function sourceDate(v: unknown): number | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  let ms: number;
  if (typeof v === 'number' || /^\d+(\.\d+)?$/.test(String(v))) ms = Number(v) * 1000;
  else {
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(String(v).trim());
    if (!m) return undefined;
    ms = Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
  }
  return Number.isFinite(ms) && ms >= EARLIEST_REAL_DATE ? ms : undefined;
}

/** Normalises line endings (SPEC rule 6). */
export const lines = (s: string): string => s.replace(/\r\n?/g, '\n');

export const VALID_STATUSES = new Set([1, 2, 3, 4, 5, 98, 99]);
