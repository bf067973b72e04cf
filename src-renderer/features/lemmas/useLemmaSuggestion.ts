// Runs in: renderer. The lemma the word panel suggests for a clicked word, in two steps: a quick ask that
// answers at once (and says when the language's word table is still being built), then, only while it builds,
// one that waits for the table, so the panel can say "building word table…" instead of showing nothing.
// `unsure`: the language's automatic lemmas missed the measured bar (src-shared/lemmas/quality.ts); the server
// never fills them into a term, and the panel offers them marked as such.
import { useCall } from '../../lib/useCall';

export interface LemmaSuggestionState {
  /** The stored lemma, else the suggested one, else null. */
  lemma: string | null;
  unsure: boolean;
  building: boolean;
  loading: boolean;
}

export function useLemmaSuggestion(languageId: number, word: string, stored: string | null): LemmaSuggestionState {
  const quick = useCall('lemmas.suggest', stored ? null : { language_id: languageId, word }, [languageId, word, stored]);
  const building = !stored && quick.data?.building === true;
  const waited = useCall('lemmas.suggest', building ? { language_id: languageId, word, wait: 'true' } : null, [languageId, word, building]);
  const answer = building ? waited.data : quick.data;
  return {
    lemma: stored ?? answer?.lemma ?? null,
    unsure: !stored && answer?.unsure === true,
    building: building && !waited.data,
    loading: !stored && quick.loading,
  };
}
