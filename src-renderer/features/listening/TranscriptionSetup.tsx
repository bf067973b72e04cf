// Runs in: renderer. What the "From audio or video" tab says when the optional transcription service is not
// running: what transcription is, in a learner's words; what works without it; how to set it up (steps, and the
// guide in docs/listening.md); and Check again, which asks the service once more.
import { t } from '../../lib/i18n';
import { tr } from '../../lib/i18n/rich';

export function TranscriptionSetup({ onCheckAgain }: { onCheckAgain(): void }) {
  return (
    <div className="empty-state transcription-setup">
      <h2>{t('listening.theTranscriptionServiceIs')}</h2>
      <p>{t('listening.transcriptionServiceHelp')}</p>
      <p>{t('listening.transcriptionMeanwhile')}</p>
      <details>
        <summary>{t('listening.transcriptionHowTo')}</summary>
        <ol>
          <li>{t('listening.transcriptionStep1')}</li>
          <li>{tr('listening.transcriptionStep2', { env: <code>NLP_SERVICE_URL</code>, example: <code>NLP_SERVICE_URL=http://127.0.0.1:8000</code> })}</li>
          <li>{t('listening.transcriptionStep3')}</li>
        </ol>
        <p className="field-hint">{tr('listening.transcriptionDocs', { doc: <code>docs/listening.md</code> })}</p>
      </details>
      <button type="button" className="btn" onClick={onCheckAgain}>
        {t('listening.checkAgain')}
      </button>
    </div>
  );
}
