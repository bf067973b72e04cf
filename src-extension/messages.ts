// Runs in: the extension (background, content script, popup). The messages between its parts. Pages never take
// part: the background answers only its own extension's scripts (sender.id), and content scripts listen to
// chrome.runtime messages only, never to window.postMessage.
// The shapes of what goes to Lectio and comes back are the contract's (by endpoint name), never written here.
import type { ClientInputOf } from '../src-shared/client';
import type { Contract } from '../src-shared/contract';
import type { OutputOf } from '../src-shared/contract/endpoint';
import type { AnnotateSpans } from '../src-shared/contract/extension';

/** An endpoint's result, by its contract name. */
export type Answer<K extends keyof Contract> = OutputOf<Contract[K]>;

export type Connection = 'disconnected' | 'pairing' | 'connected' | 'reconnect' | 'unreachable' | 'denied' | 'expired';

export interface ExtensionState {
  server: string;
  connection: Connection;
  /** While pairing: the code shown in Lectio too. */
  code?: string;
  languages: Pick<Answer<'languages.list'>[number], 'LgID' | 'LgName' | 'LgIsoCode' | 'LgRightToLeft'>[];
  statuses: Pick<Answer<'settings.statusDefinitions'>[number], 'status' | 'color' | 'colorDark' | 'name' | 'abbreviation'>[];
}

export interface SiteSettings {
  enabled: boolean;
  /** The learner's pick for this site; undefined = from the page's lang. */
  languageId?: number;
}

/** A term saved from a page: a word (`reader.quickTerm`) or a phrase (`reader.multiCreate`); the fields both take. */
export type TermSave = ClientInputOf<Contract['reader.quickTerm']> & ClientInputOf<Contract['reader.multiCreate']>;
export type SavedTerm = Answer<'reader.quickTerm'> | Answer<'reader.multiCreate'>;
export type LookupAnswer = Answer<'dictionaries.lookup'>;
export type SentPage = Pick<Answer<'texts.create'>, 'TxID' | 'TxTitle'>;

/** Content script / popup → background. */
export type BackgroundRequest =
  /** `fresh`: the languages and status colours read anew, not from the background's cache (the popup). */
  | { kind: 'state'; fresh?: boolean }
  | { kind: 'connect'; server: string; browser: string }
  | { kind: 'disconnect' }
  | { kind: 'site'; host: string }
  | { kind: 'setSite'; host: string; settings: SiteSettings }
  | ({ kind: 'annotate' } & Pick<ClientInputOf<Contract['annotate.blocks']>, 'language_id' | 'blocks'>)
  | { kind: 'saveTerm'; term: TermSave; multi: boolean }
  | ({ kind: 'lookup' } & ClientInputOf<Contract['dictionaries.lookup']>)
  /** The word panel's sentence translation (issue 49), by the learner's translation settings in Lectio. */
  | ({ kind: 'translate' } & ClientInputOf<Contract['translation.translate']>)
  | { kind: 'sendPage'; language_id: number; title: string; text: string; url: string }
  | { kind: 'open'; path: string }
  /** "Mark the rest of this page known": terms with status 99 for these word forms, in one import (existing terms untouched). */
  | { kind: 'markKnown'; language_id: number; words: string[] }
  /** The keyboard shortcut's toggle (manifest `commands`), for the tab's site. */
  | { kind: 'toggleSite'; tabId: number };

/** What the background answers to each request (the API's answers by their contract names). */
export interface BackgroundAnswers {
  state: ExtensionState;
  connect: { code: string };
  disconnect: Record<string, never>;
  site: SiteSettings;
  setSite: SiteSettings;
  annotate: AnnotateSpans;
  saveTerm: SavedTerm;
  lookup: LookupAnswer;
  translate: Answer<'translation.translate'>;
  sendPage: SentPage;
  open: Record<string, never>;
  markKnown: { created: number };
  toggleSite: SiteSettings;
}
export type RequestOf<K extends BackgroundRequest['kind']> = Extract<BackgroundRequest, { kind: K }>;

export type BackgroundAnswer<T> = { ok: true; value: T } | { ok: false; error: string; connection?: Connection };

/** A request to the background, its answer typed by its kind (content scripts and the popup). */
export async function ask<K extends BackgroundRequest['kind']>(req: RequestOf<K>): Promise<BackgroundAnswers[K]> {
  const answer = await chrome.runtime.sendMessage<BackgroundAnswer<BackgroundAnswers[K]>>(req);
  if (!answer?.ok) throw new Error(answer?.error ?? 'no answer');
  return answer.value;
}

/** Popup → content script of the active tab. */
export type ContentRequest = { kind: 'counts' } | { kind: 'apply'; settings: SiteSettings } | { kind: 'sendPage' } | { kind: 'markKnown' };

/** The content script's answer to `markKnown`: how many distinct words it sent, how many terms Lectio made. */
export interface MarkedKnown {
  words: number;
  created: number;
}

export interface PageCounts {
  active: boolean;
  languageId: number | null;
  words: number;
  unknown: number;
  known_pct: number;
  /** Words to learn (most frequent first) to know 95 % / 98 % of the page's running words (issue 50). */
  n95: number;
  n98: number;
}
