// Runs in: renderer. Language settings: the learner's corrections of the word segmenter (issue 46), made in the
// reader (key C), each with Remove: the language's texts are then cut as the segmenter cuts them (parsed again in
// the background). Shown for languages whose words the app finds (not split by spaces, not one word a character).
import type { WordCorrectionDto } from '../../../src-shared/contract/languages';
import { api } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { t } from '../../lib/i18n';

interface Props {
  languageId: number;
  /** The form's parser settings: corrections apply only where the app finds the words. */
  segments: boolean;
}

export function WordCorrectionsPanel({ languageId, segments }: Props) {
  const list = useCall('languages.wordCorrections', segments ? { id: languageId } : null, [languageId, segments]);
  const remove = useAction(async (c: WordCorrectionDto) => {
    await api.call('languages.removeWordCorrection', { id: languageId, correctionId: c.WcID });
    list.setData((d) => ({ corrections: (d?.corrections ?? []).filter((x) => x.WcID !== c.WcID) }));
  });
  if (!segments || !list.data) return null;
  const corrections = list.data.corrections;
  return (
    <section className="card" aria-label={t('languageEdit.corrections')}>
      <h3>{t('languageEdit.corrections')}</h3>
      <p className="field-hint muted small">{t('languageEdit.correctionsHelp')}</p>
      {corrections.length === 0 ? (
        <p className="muted">{t('languageEdit.noCorrections')}</p>
      ) : (
        <ul className="word-corrections" data-testid="word-corrections">
          {corrections.map((c) => (
            <li key={c.WcID} className="word-correction-row">
              <span className="word-correction-text">{c.parts.join(' | ')}</span>
              <span className="chip">{t(c.parts.length > 1 ? 'languageEdit.correctionSplit' : 'languageEdit.correctionJoin')}</span>
              <button
                type="button"
                className="btn btn-small btn-ghost"
                disabled={remove.busy}
                aria-label={t('languageEdit.removeCorrectionLabel', { text: c.WcText })}
                onClick={() => void remove.run(c)}
              >
                {t('languageEdit.removeCorrection')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
