// Runs in: renderer. What the "From audio or video" tab says when the optional transcription service is not
// running: what transcription is, in a learner's words; what works without it; how to set it up (steps, and the
// service's address as a setting: issue 51, a desktop learner cannot start Lectio with NLP_SERVICE_URL); and
// Check again, which asks the service once more.
import { useState } from 'react';
import { t } from '../../lib/i18n';
import { tr } from '../../lib/i18n/rich';
import { useApp } from '../../stores/app';

/** The service's own description of itself: GET {address}/docs. */
const serviceDocs = (address: string) => `${address.replace(/\/+$/, '')}/docs`;

export function TranscriptionSetup({ checking, onCheckAgain }: { checking: boolean; onCheckAgain(): void }) {
  const saved = useApp((s) => s.settings.nlpServiceUrl ?? '');
  const saveSetting = useApp((s) => s.saveSetting);
  const [address, setAddress] = useState(saved);
  return (
    <div className="empty-state transcription-setup">
      <h2>{t('listening.theTranscriptionServiceIs')}</h2>
      <p>{t('listening.transcriptionServiceHelp')}</p>
      <p>{t('listening.transcriptionMeanwhile')}</p>
      <details>
        <summary>{t('listening.transcriptionHowTo')}</summary>
        <ol>
          <li>{t('listening.transcriptionStep1')}</li>
          <li>{tr('listening.transcriptionStep2', { example: <code>http://127.0.0.1:8000</code> })}</li>
          <li>{t('listening.transcriptionStep3')}</li>
        </ol>
        {/* The service documents itself at /docs (SPEC): a page the learner can open, unlike a file of Lectio's sources. */}
        <p className="field-hint">
          {saved ? (
            <a href={serviceDocs(saved)} target="_blank" rel="noreferrer noopener">
              {t('listening.openServicePage', { address: serviceDocs(saved) })}
            </a>
          ) : (
            tr('listening.transcriptionDocs', { example: <code>http://127.0.0.1:8000/docs</code> })
          )}
        </p>
      </details>
      <form
        className="form-actions"
        style={{ justifyContent: 'center' }}
        onSubmit={(e) => {
          e.preventDefault();
          void saveSetting('nlpServiceUrl', address.trim()).then(onCheckAgain);
        }}
      >
        <input
          className="input"
          type="url"
          value={address}
          placeholder="http://127.0.0.1:8000"
          aria-label={t('listening.serviceAddress')}
          onChange={(e) => setAddress(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={checking}>
          {t('listening.saveAndCheck')}
        </button>
      </form>
      <button type="button" className="btn" onClick={onCheckAgain} disabled={checking}>
        {t('listening.checkAgain')}
      </button>
      <p className="field-hint" role="status">
        {checking ? t('listening.askingTheTranscriptionService') : ''}
      </p>
    </div>
  );
}
