// Runs in: any process. The catalogue of messages the server writes for people: a code → its English template with
// {params}. An error body carries the English text (`error`, which API clients and tests match on) and the code with
// its params, so the renderer can say the same in the interface language (src-renderer/lib/i18n/server/).
import { accountMessages } from './messages/accounts';
import { ankiSyncMessages } from './messages/anki-sync';
import { ankiConnectMessages } from './messages/ankiconnect';
import { extensionMessages } from './messages/extension';
import { importMessages } from './messages/imports';
import { libraryMessages } from './messages/library';
import { requestMessages } from './messages/requests';
import { translationMessages } from './messages/translation';

export const MESSAGES = {
  ...accountMessages,
  ...ankiSyncMessages,
  ...ankiConnectMessages,
  ...extensionMessages,
  ...importMessages,
  ...libraryMessages,
  ...requestMessages,
  ...translationMessages,
} as const;

export type MessageCode = keyof typeof MESSAGES;

/** A value put into a template: text, a number, another message (a reason inside a refusal), or a list ("; "). */
export type MessageParam = string | number | Message | MessageParam[];

export interface Message {
  code: MessageCode;
  params?: Record<string, MessageParam>;
}

/** The names of a template's {placeholders}, as a union of string literals (braces around other text, as in JSON, are text). */
type ParamNames<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? (P extends `${string}${'"' | ' ' | ':'}${string}` ? never : P) | ParamNames<Rest>
  : never;

export type ParamsOf<C extends MessageCode> = { [K in ParamNames<(typeof MESSAGES)[C]>]: MessageParam };

/** A message by its code; a template with placeholders needs each of them: msg('apkg.notAPackage', { why }). */
export function msg<C extends MessageCode>(code: C, ...params: ParamNames<(typeof MESSAGES)[C]> extends never ? [] : [ParamsOf<C>]): Message {
  return params[0] ? { code, params: params[0] as Record<string, MessageParam> } : { code };
}

export const isMessageCode = (code: unknown): code is MessageCode => typeof code === 'string' && Object.prototype.hasOwnProperty.call(MESSAGES, code);

export const isMessage = (v: unknown): v is Message => typeof v === 'object' && v !== null && isMessageCode((v as Message).code);

/** A message a successful answer carries: English `message` for API clients, its code and values for the interface. */
export interface CodedMessage {
  message: string;
  message_code?: string;
  message_params?: Record<string, MessageParam>;
}

export const codedMessage = (m: Message): Required<Pick<CodedMessage, 'message' | 'message_code'>> & CodedMessage => ({
  message: messageText(m),
  message_code: m.code,
  ...(m.params ? { message_params: m.params } : {}),
});

/** Fills `{name}` placeholders; a placeholder without a value stays visible (a template and its caller disagree). */
export function fillTemplate(template: string, params: Record<string, unknown> | undefined, render: (value: unknown) => string): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (params[name] === undefined ? whole : render(params[name])));
}

/** A param as text: nested messages by `say`, lists joined with "; ". */
export function paramText(v: unknown, say: (m: Message) => string, number: (n: number) => string = String): string {
  if (Array.isArray(v)) return v.map((x) => paramText(x, say, number)).join('; ');
  if (isMessage(v)) return say(v);
  return typeof v === 'number' ? number(v) : String(v);
}

/** The English text of a message (nested messages rendered too). */
export function messageText(m: Message): string {
  return fillTemplate(MESSAGES[m.code], m.params, (v) => paramText(v, messageText));
}
