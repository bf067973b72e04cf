// Runs in: renderer. The shape of a catalogue: a string, or plural forms chosen with Intl.PluralRules.
/** Forms by plural category; `other` is the fallback for a category a language does not list (Spanish "many"). */
export interface PluralForms {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

export type Entry = string | PluralForms;

/** Another language's version of an English area: the same keys, strings where English has strings. */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : PluralForms };
