// Runs in: renderer. An example sentence with its {term} highlighted, or masked as a gap until revealed.
import type { SentencePart } from '../../../src-shared/review/cloze';
import { CLOZE_GAP } from '../../../src-shared/review/cloze';
import { t } from '../../lib/i18n';

export function Sentence({ parts, masked, rtl }: { parts: SentencePart[]; masked: boolean; rtl?: boolean }) {
  if (parts.length === 0) return null;
  return (
    <p className="review-sentence" dir={rtl ? 'rtl' : undefined}>
      {parts.map((p, i) =>
        p.isTerm ? (
          masked ? (
            <span key={i} className="cloze-gap" aria-label={t('review.hiddenTerm')}>
              {CLOZE_GAP}
            </span>
          ) : (
            <mark key={i} className="sentence-term">
              {p.text}
            </mark>
          )
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </p>
  );
}
