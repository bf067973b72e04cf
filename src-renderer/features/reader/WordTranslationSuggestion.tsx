// Runs in: renderer. Under the word panel's Translation field: "Suggest" asks the learner's translation service for
// the word as used in its sentence (POST /translation/word: DeepL with the sentence as context, a chat model with
// a prompt naming both, LibreTranslate the word alone; cached like sentences). The answer is only shown: it goes into
// the field when the learner takes it, and into the term only when the term is saved.
import type { SentenceTranslation } from '../../../src-shared/contract/translation';
import { useState } from 'react';
import { api } from '../../api/client';
import { t } from '../../lib/i18n';
import { useAction } from '../../lib/useAction';
import { ErrorLine } from '../../components/ErrorLine';
import type { useWordPanel, WordPanelProps } from './useWordPanel';

interface Props {
  panel: Pick<ReturnType<typeof useWordPanel>, 'languageId' | 'form' | 'setForm'>;
  target: Pick<WordPanelProps['target'], 'text' | 'sentence'>;
}

export function WordTranslationSuggestion({ panel, target }: Props) {
  const { languageId } = panel;
  const { text: word, sentence } = target;
  const typed = panel.form.WoTranslation;
  const onUse = (translation: string) => panel.setForm((f) => ({ ...f, WoTranslation: translation }));
  const [answer, setAnswer] = useState<SentenceTranslation | null>(null);
  const ask = useAction(async () => api.call('translation.translateWord', { language_id: languageId, word, sentence }), { report: 'inline' });
  const suggest = async () => {
    const got = await ask.run();
    if (got) setAnswer(got);
  };
  const taken = answer !== null && typed.split(/;\s*/).some((part) => part.trim().toLowerCase() === answer.translation.toLowerCase());
  return (
    <div className="lemma-hint word-translation-suggestion" data-testid="word-translation-suggestion">
      {answer ? (
        <p title={t(answer.cached ? 'reader.translationCached' : 'reader.translationBy', { provider: answer.provider })}>
          {t('wordPanel.inThisSentence')} <strong className="lemma-suggested">{answer.translation}</strong>{' '}
          {!taken && (
            <button
              type="button"
              className="btn btn-small btn-ghost"
              onClick={() => onUse(typed.trim() ? `${typed.trim()}; ${answer.translation}` : answer.translation)}
            >
              {t('lemmas.use')}
            </button>
          )}
        </p>
      ) : (
        <button
          type="button"
          className="btn btn-small btn-ghost"
          onClick={() => void suggest()}
          disabled={ask.busy}
          title={t('wordPanel.suggestTranslationTitle')}
        >
          {ask.busy ? t('reader.translatingSentence') : t('wordPanel.suggestTranslation')}
        </button>
      )}
      <ErrorLine error={ask.error} />
    </div>
  );
}
