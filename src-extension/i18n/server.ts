// Runs in: the extension's background. A refused request said in the learner's language from its code (the server's
// error body carries `code` and `params`, src-shared/contract/messages.ts): the codes the extension's calls can meet
// have Spanish here; any other code (a newer server) keeps the server's English text, as the app does. Typed against
// the server's codes, so a renamed code is a type error here.
import { fillTemplate, isMessageCode, MESSAGES, paramText, type Message, type MessageCode } from '../../src-shared/contract/messages';
import { t, type Locale } from '.';

/** The codes the extension's endpoints answer with (pairing, annotate, saving, the token and request checks). */
type ExtensionCode =
  | 'pairing.notExtension'
  | 'pairing.tooMany'
  | 'pairing.notFound'
  | 'annotate.blockTooLong'
  | 'annotate.totalTooLong'
  | 'annotate.tooManyBlocks'
  | 'request.tooManyRequests'
  | 'request.bodyTooLarge'
  | 'request.bodiesInFlight'
  | 'request.tokenScope'
  | 'request.authRequired'
  | 'common.notFound'
  | 'common.forbidden'
  | 'language.notFound'
  | 'language.denied'
  | 'term.notFound'
  | 'term.exists';

export const SERVER_ES: Record<ExtensionCode, string> = {
  'pairing.notExtension': 'Las solicitudes de vinculación solo pueden venir de extensiones del navegador ({origin} no lo es)',
  'pairing.tooMany': 'Hay demasiadas solicitudes de vinculación pendientes; respóndelas en Lectio o inténtalo dentro de unos minutos',
  'pairing.notFound': 'La solicitud de vinculación no existe o ha caducado',
  'annotate.blockTooLong': 'El bloque {id} tiene {length} caracteres; como máximo {max} por bloque (envía los bloques largos por partes)',
  'annotate.totalTooLong': 'Los bloques suman {length} caracteres; como máximo {max} por solicitud (envía la página por partes)',
  'annotate.tooManyBlocks': '{count} bloques; como máximo {max} por solicitud (envía la página por partes)',
  'request.tooManyRequests': 'Demasiadas solicitudes; inténtalo más tarde',
  'request.bodyTooLarge': 'La solicitud es demasiado grande (límite {limit})',
  'request.bodiesInFlight': 'El servidor está leyendo otras solicitudes grandes tuyas: vuelve a intentarlo en un momento',
  'request.tokenScope': 'Este token no puede hacer esto: necesita el permiso «{scope}»',
  'request.authRequired': 'Hay que iniciar sesión',
  'common.notFound': 'No encontrado',
  'common.forbidden': 'No permitido',
  'language.notFound': 'Idioma no encontrado',
  'language.denied': 'Idioma no encontrado o sin acceso',
  'term.notFound': 'Término no encontrado',
  'term.exists': 'El término «{term}» ya existe en {language}',
};

const CATALOGUES: Partial<Record<Locale, Partial<Record<MessageCode, string>>>> = { es: SERVER_ES };

interface Issue {
  field?: string;
  message?: string;
}

/** A coded message in `locale` (nested messages too); English for a code the locale's catalogue lacks. */
function say(m: Message, locale: Locale): string {
  const number = (n: number) => new Intl.NumberFormat(locale).format(n);
  return fillTemplate(CATALOGUES[locale]?.[m.code] ?? MESSAGES[m.code], m.params, (v) => paramText(v, (nested) => say(nested, locale), number));
}

/** An error body ({error, code, params, issues}) of status `status` as one line in `locale`. */
export function refusalText(status: number, body: Record<string, unknown>, locale: Locale): string {
  const english = typeof body.error === 'string' && body.error ? body.error : null;
  if (isMessageCode(body.code)) {
    const params = typeof body.params === 'object' && body.params !== null ? (body.params as Message['params']) : undefined;
    // A code this catalogue does not know keeps the server's own words (they may say more than the bare template).
    if (CATALOGUES[locale]?.[body.code] || !english) return say({ code: body.code, params }, locale);
    return english;
  }
  // Validation issues: the field and the server's words (the extension sends what its own forms checked; an issue is
  // a version mismatch, not something the learner typed).
  if (Array.isArray(body.issues) && body.issues.length) {
    const reason = (body.issues as Issue[]).map((i) => [i.field, i.message].filter(Boolean).join(': ')).join('; ');
    return t('ext.invalidInput', { reason }, locale);
  }
  return english ?? t('ext.requestFailed', { status }, locale);
}
