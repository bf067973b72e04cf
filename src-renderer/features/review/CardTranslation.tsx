// Runs in: renderer. The review card's sentence translated under it (issue 49): the G key or the button asks
// POST /translation for the card's sentence (answered from the library's cache when it was translated before, as
// in the reader); again hides it. Not offered while the card asks for the translation: it would give it away.
import { useState } from 'react';
import type { SentenceTranslation } from '../../../src-shared/contract/translation';
import { api } from '../../api/client';
import { useHotkeys } from '../../components/hotkeys';
import { t } from '../../lib/i18n';
import { useAction } from '../../lib/useAction';

export function useCardTranslation(languageId: number, sentence: string, allowed: boolean) {
  const [shown, setShown] = useState<SentenceTranslation | null>(null);
  const ask = useAction(async () => api.call('translation.translate', { language_id: languageId, text: sentence }), { report: 'inline' });
  const open = Boolean(shown || ask.busy || ask.error);
  const toggle = async () => {
    if (!allowed || !sentence) return;
    if (open) {
      setShown(null);
      ask.setError(null);
      return;
    }
    const answer = await ask.run();
    if (answer) setShown(answer);
  };
  useHotkeys({ g: () => void toggle() });
  return { shown, busy: ask.busy, error: ask.error, open, toggle, offered: allowed && Boolean(sentence) };
}

export function CardTranslationButton({ run }: { run: ReturnType<typeof useCardTranslation> }) {
  if (!run.offered) return null;
  return (
    <button
      className="btn btn-ghost btn-small"
      onClick={() => void run.toggle()}
      aria-keyshortcuts="G"
      aria-pressed={run.open}
      title={t('reader.translateSentence')}
    >
      {t('reader.translateSentenceButton')}
    </button>
  );
}

export function CardTranslationLine({ run }: { run: ReturnType<typeof useCardTranslation> }) {
  if (!run.offered || !run.open) return null;
  if (run.busy) return <p className="sentence-translation review-sentence-translation loading">{t('reader.translatingSentence')}</p>;
  if (run.error) return <p className="sentence-translation review-sentence-translation error">{run.error}</p>;
  const s = run.shown!;
  return (
    <p
      className="sentence-translation review-sentence-translation"
      role="note"
      data-cached={s.cached ? '1' : '0'}
      title={t(s.cached ? 'reader.translationCached' : 'reader.translationBy', { provider: s.provider })}
    >
      {s.translation}
    </p>
  );
}
