// Runs in: main. A note for a deck Lectio has no language for. Refused ("deck was not found", as Anki refuses it)
// unless the learner allowed new decks in Settings → AnkiConnect; then a deck named like one of Lectio's language
// presets (by its root: "Italian::Mining" → Italian) becomes that language, with the preset's parser settings,
// when the first note of it is written. Other names stay refused: a language needs settings a tool cannot give.
import { rootDeck } from '../../../src-shared/anki/connect/search';
import { languageFields, type LanguageDto } from '../../../src-shared/contract/languages';
import type { HandlerContext } from '../../core/context';
import { createLanguage, findPreset } from '../languages';

/** The new decks of one call: whether the learner allows them, and each preset's language (planned or made). */
export interface NewDecks {
  allowed: boolean;
  /** By the preset's lower-case name: a placeholder (negative LgID) until a write creates the language. */
  languages: Map<string, LanguageDto>;
}

export const newDecks = (allowed: boolean): NewDecks => ({ allowed, languages: new Map() });

/** The language a deck would become, or undefined (not allowed, or no preset of that name). */
export function plannedLanguage(decks: NewDecks, deck: string): LanguageDto | undefined {
  if (!decks.allowed) return undefined;
  const preset = findPreset(rootDeck(deck));
  if (!preset) return undefined;
  const key = preset.LgName.toLowerCase();
  let language = decks.languages.get(key);
  if (!language) {
    const { endonym: _endonym, ...settings } = preset;
    // Enough of a language for the checks (its parser settings decide what a term may be); never stored as is.
    language = { ...settings, LgID: -(decks.languages.size + 1), LgUsID: null, LgCreated: 0, LgLemmatizerType: 'none', LgTextSize: 100 };
    decks.languages.set(key, language);
  }
  return language;
}

/** The stored language a checked note goes to: a planned one is created now, once, inside the call's transaction. */
export function languageToWrite(ctx: HandlerContext, decks: NewDecks, language: LanguageDto): LanguageDto {
  if (language.LgID > 0) return language;
  const key = language.LgName.toLowerCase();
  const known = decks.languages.get(key);
  if (known && known.LgID > 0) return known;
  const made = createLanguage(ctx, languageFields.parse({ LgName: language.LgName }));
  decks.languages.set(key, made);
  return made;
}
