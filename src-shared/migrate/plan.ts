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
}

export interface PlanText {
  language: number;
  TxTitle: string;
  TxText: string;
  TxAudioURI: string;
  TxSourceURI: string;
  TxArchived: boolean;
  /** Reading position as a share of the text (0..1) or 0. */
  tags: string[];
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

export const str = (v: unknown, max = 100_000): string => (v === null || v === undefined ? '' : String(v)).slice(0, max);
export const num = (v: unknown, fallback = 0): number => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : fallback;
};
export const bool = (v: unknown): boolean => num(v) !== 0;

/** Normalises line endings (SPEC rule 6). */
export const lines = (s: string): string => s.replace(/\r\n?/g, '\n');

export const VALID_STATUSES = new Set([1, 2, 3, 4, 5, 98, 99]);
