// Runs in: any process. A derived word's lemma made from the form itself (`derivedCitations` values that start
// with "="), where the rule's stem and one ending cannot say it.
import { czechLongParticiple } from './czech';

/** "=" keeps the form; the others name a language's convention. */
export const RESHAPES: Readonly<Record<string, (form: string) => string>> = {
  '=': (form) => form,
  '=cs-participle': czechLongParticiple,
};
