// Runs in: renderer. One review card: the prompt for the mode, reveal, then the answer keys.
import type { ReviewCard } from '../../../src-shared/contract/review';
import { InlineMarkdown } from './Markdown';
import { Sentence } from './Sentence';
import { answerKeys } from './statusKeys';
import { t } from '../../lib/i18n';
import { useApp } from '../../stores/app';
import { useVoice } from '../reader/speech';
import { SpeakButtons } from '../reader/SpeakButtons';
import { CardTranslationButton, CardTranslationLine, useCardTranslation } from './CardTranslation';

export function ReviewCardView({
  card,
  revealed,
  busy,
  onReveal,
  onAnswer,
}: {
  card: ReviewCard;
  revealed: boolean;
  busy: boolean;
  onReveal(): void;
  onAnswer(status: number): void;
}) {
  const rtl = card.LgRightToLeft;
  const iso = useApp((s) => s.languages.find((l) => l.LgID === card.WoLgID)?.LgIsoCode);
  const voice = useVoice(iso || undefined, card.WoLgID);
  // Speaking the word or its sentence before the answer is shown would give it away when the term is what is asked.
  const canSpeak = revealed || card.mode === 'term-to-translation';
  const sentence = card.sentenceParts.map((p) => p.text).join('');
  // The sentence's translation gives the term's away: not before the answer when the translation is asked.
  const translation = useCardTranslation(card.WoLgID, sentence, revealed || card.mode !== 'term-to-translation');
  const term = (
    <div className="review-term" dir={rtl ? 'rtl' : undefined}>
      {card.WoText}
      {card.WoRomanization && <div className="review-romanization">{card.WoRomanization}</div>}
    </div>
  );
  const termTranslation = <InlineMarkdown className="review-translation" text={card.WoTranslation} />;
  return (
    <article className={`review-card${revealed ? ' revealed' : ''}`} aria-live="polite" data-term-id={card.WoID}>
      <div className="review-meta">
        <span className={`status-chip status-chip-${card.WoStatus}`}>{t('review.statusN', { status: card.WoStatus })}</span>
        <span className="review-card-tools">
          {canSpeak && <SpeakButtons word={card.WoText} sentence={sentence} voice={voice} language={card.LgName} />}
          <CardTranslationButton run={translation} />
        </span>
        <span>{card.LgName}</span>
      </div>
      {card.mode === 'term-to-translation' && (
        <>
          {term}
          <Sentence parts={card.sentenceParts} masked={false} rtl={rtl} />
          {revealed && <div className="review-answer">{termTranslation}</div>}
        </>
      )}
      {card.mode === 'translation-to-term' && (
        <>
          <div className="review-prompt">{termTranslation}</div>
          <Sentence parts={card.sentenceParts} masked={!revealed} rtl={rtl} />
          {revealed && <div className="review-answer">{term}</div>}
        </>
      )}
      {card.mode === 'cloze' && (
        <>
          <Sentence parts={card.sentenceParts} masked={!revealed} rtl={rtl} />
          <div className="review-hint">{termTranslation}</div>
          {revealed && <div className="review-answer">{term}</div>}
        </>
      )}
      <CardTranslationLine run={translation} />
      {revealed && card.WoNotes && <InlineMarkdown className="review-notes" text={card.WoNotes} />}
      <div className="review-actions">
        {!revealed ? (
          <button className="btn btn-primary btn-reveal" onClick={onReveal} disabled={busy}>
            {t('review.showAnswer')} <kbd>{t('review.space')}</kbd>
          </button>
        ) : (
          <div className="answer-keys" role="group" aria-label={t('review.setStatus')}>
            {answerKeys().map((k) => (
              <button
                key={k.status}
                className={`answer-key answer-${k.status}${k.status === card.WoStatus ? ' current' : ''}`}
                title={k.title}
                disabled={busy}
                onClick={() => onAnswer(k.status)}
              >
                <span className="answer-label">{k.label}</span>
                <kbd>{k.key.toUpperCase()}</kbd>
              </button>
            ))}
          </div>
        )}
      </div>
    </article>
  );
}
