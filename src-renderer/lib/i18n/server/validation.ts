// Runs in: renderer. Spanish: validation errors by issue code, with the forms' field labels (article and gender
// included, so "El título es obligatorio" and "La traducción es obligatoria" both read right).
import type { FIELD_LABELS, IssueCode } from '../../../../src-shared/contract/field-labels';

export interface SpanishLabel {
  /** With its article, as it starts a sentence: "El título". */
  label: string;
  feminine?: boolean;
}

const f = (label: string): SpanishLabel => ({ label, feminine: true });
const m = (label: string): SpanishLabel => ({ label });

/** Every contract field the forms label (tests check it covers FIELD_LABELS). */
export const FIELD_LABELS_ES: Record<keyof typeof FIELD_LABELS, SpanishLabel> = {
  TxTitle: m('El título'),
  TxText: m('El texto'),
  TxLgID: m('El idioma'),
  TxAudioURI: m('El audio'),
  TxSourceURI: f('La URL de origen'),
  TxTags: f('Las etiquetas'),
  LgName: m('El nombre'),
  LgDict1URI: m('El diccionario 1'),
  LgDict2URI: m('El diccionario 2'),
  LgGoogleTranslateURI: m('El traductor'),
  LgRegexpWordCharacters: m('Los caracteres de palabra'),
  LgRegexpSplitSentences: m('El fin de frase'),
  LgCharacterSubstitutions: f('Las sustituciones de caracteres'),
  LgExceptionsSplitSentences: f('Las excepciones al dividir frases'),
  LgTextSize: m('El tamaño del texto'),
  LgParserType: m('El analizador'),
  WoText: m('El término'),
  WoLgID: m('El idioma'),
  WoTranslation: f('La traducción'),
  WoRomanization: f('La romanización'),
  WoSentence: f('La frase'),
  WoNotes: f('Las notas'),
  WoLemma: m('El lema'),
  WoStatus: m('El estado'),
  TagList: f('Las etiquetas'),
  TgText: f('La etiqueta'),
  TgComment: m('El comentario'),
  T2Text: f('La etiqueta'),
  T2Comment: m('El comentario'),
  language_id: m('El idioma'),
  lang_id: m('El idioma'),
  url: f('La URL'),
  username: m('El nombre de usuario'),
  password: f('La contraseña'),
  email: m('El correo electrónico'),
  name: m('El nombre'),
};

/** Other contract fields a form or dialog sends, whose English label is their name in words. */
export const OTHER_FIELD_LABELS_ES: Record<string, SpanishLabel> = {
  title: m('El título'),
  text: m('El texto'),
  author: m('El autor'),
  term: m('El término'),
  tag: f('La etiqueta'),
  word: f('La palabra'),
  password_confirm: f('La confirmación de la contraseña'),
  current_password: f('La contraseña actual'),
  recovery_code: m('El código de recuperación'),
  token_name: m('El nombre del token'),
  LdName: m('El nombre'),
  LdDescription: f('La descripción'),
  LdLgID: m('El idioma'),
  LdPriority: f('La prioridad'),
  NfName: m('El nombre'),
  NfSourceURI: f('La dirección de la fuente'),
  NfArticleSectionTags: f('La sección del artículo'),
  NfFilterTags: m('Los filtros'),
  NfOptions: f('Las opciones'),
  NfLgID: m('El idioma'),
  LgLemmatizerType: m('El lematizador'),
  LgIsoCode: m('El código ISO'),
  selector: m('El selector'),
  filters: m('Los filtros'),
  charset: f('La codificación'),
  delimiter: m('El separador'),
  source_uri: f('La dirección de origen'),
  note_type_id: m('El tipo de nota'),
  term_field: m('El campo del término'),
  translation_field: m('El campo de la traducción'),
  chapter: m('El capítulo'),
  file: m('El archivo'),
  schedule: f('La frecuencia'),
  folder: f('La carpeta'),
  keep: m('El número de copias'),
};

/** A field the forms do not label: named by its English label, as a field. */
export const unknownField = (english: string): SpanishLabel => ({ label: `El campo «${english}»` });

type Sentence = (l: SpanishLabel, p: { min?: number; max?: number; options?: string }) => string;
const o = (l: SpanishLabel, masculine: string, feminine: string) => (l.feminine ? feminine : masculine);
// Plural labels ("Las etiquetas") agree in number too.
const plural = (l: SpanishLabel) => /^L[oa]s /.test(l.label);
const es = (l: SpanishLabel) => (plural(l) ? 'son' : 'es');
const adj = (l: SpanishLabel, stem: string) => `${stem}${o(l, 'o', 'a')}${plural(l) ? 's' : ''}`;

export const ISSUES_ES: Record<Exclude<IssueCode, 'other'>, Sentence> = {
  required: (l) => `${l.label} ${es(l)} ${adj(l, 'obligatori')}`,
  tooLong: (l, p) => `${l.label} admite como máximo ${p.max ?? '?'} caracteres`,
  tooShort: (l, p) => `${l.label} necesita al menos ${p.min ?? '?'} caracteres`,
  tooBig: (l, p) => `${l.label} no puede pasar de ${p.max ?? '?'}`,
  tooSmall: (l, p) => `${l.label} debe ser al menos ${p.min ?? '?'}`,
  invalidType: (l) => `${l.label} no ${es(l)} ${adj(l, 'válid')}`,
  invalidFormat: (l) => `${l.label} no tiene un formato válido`,
  invalidValue: (l, p) => `${l.label} debe ser uno de estos valores: ${p.options ?? ''}`,
};
