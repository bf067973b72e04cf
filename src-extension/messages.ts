// Runs in: the extension (background, content script, popup). The messages between its parts. Pages never take
// part: the background answers only its own extension's scripts (sender.id), and content scripts listen to
// chrome.runtime messages only, never to window.postMessage.
import type { AnnotateSpans } from '../src-shared/contract/extension';
import type { LanguageDto } from '../src-shared/contract/languages';
import type { StatusDefinition } from '../src-shared/contract/status';

export type Connection = 'disconnected' | 'pairing' | 'connected' | 'reconnect' | 'unreachable' | 'denied' | 'expired';

export interface ExtensionState {
  server: string;
  connection: Connection;
  /** While pairing: the code shown in Lectio too. */
  code?: string;
  languages: Pick<LanguageDto, 'LgID' | 'LgName' | 'LgIsoCode' | 'LgRightToLeft'>[];
  statuses: Pick<StatusDefinition, 'status' | 'color' | 'colorDark' | 'name' | 'abbreviation'>[];
}

export interface SiteSettings {
  enabled: boolean;
  /** The learner's pick for this site; undefined = from the page's lang. */
  languageId?: number;
}

export interface TermSave {
  WoLgID: number;
  WoText: string;
  WoStatus: number;
  WoTranslation?: string;
  WoRomanization?: string;
  WoLemma?: string;
  WoSentence?: string;
  WoNotes?: string;
}

/** Content script / popup → background. */
export type BackgroundRequest =
  | { kind: 'state' }
  | { kind: 'connect'; server: string; browser: string }
  | { kind: 'disconnect' }
  | { kind: 'site'; host: string }
  | { kind: 'setSite'; host: string; settings: SiteSettings }
  | { kind: 'annotate'; language_id: number; blocks: { id: string; text: string }[] }
  | { kind: 'saveTerm'; term: TermSave; multi: boolean }
  | { kind: 'lookup'; language_id: number; term: string }
  | { kind: 'sendPage'; language_id: number; title: string; text: string; url: string }
  | { kind: 'open'; path: string };

export type BackgroundAnswer<T> = { ok: true; value: T } | { ok: false; error: string; connection?: Connection };

export type AnnotateAnswer = AnnotateSpans;

/** Popup → content script of the active tab. */
export type ContentRequest = { kind: 'counts' } | { kind: 'apply'; settings: SiteSettings } | { kind: 'sendPage' };

export interface PageCounts {
  active: boolean;
  languageId: number | null;
  words: number;
  unknown: number;
  known_pct: number;
}
