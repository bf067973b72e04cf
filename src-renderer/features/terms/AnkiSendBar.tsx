// Runs in: renderer. The vocabulary's Anki line: "Send to Anki" (the selection, or every term the filter shows),
// "Update statuses from Anki", the progress of a big send, and what Anki did. State and calls: useAnkiSend.
import { ErrorLine } from '../../components/ErrorLine';
import { ProgressBar } from '../../components/Page';
import { t } from '../../lib/i18n';
import { useAnkiSend, useSendTermToAnki, type AnkiSendOptions } from './useAnkiSend';

export function AnkiSendBar({ total, ...options }: AnkiSendOptions & { total: number }) {
  const a = useAnkiSend(options);
  const count = options.selected.length;
  const canSend = count > 0 || (options.filters !== null && total > 0);
  return (
    <div className="anki-send" data-testid="anki-send">
      <div className="anki-send-actions">
        <button className="btn btn-small" disabled={a.busy || !canSend} onClick={a.sendAll} title={t('ankiSend.sendHint')}>
          {count ? t('ankiSend.sendSelected', { count }) : t('ankiSend.sendShown', { count: total })}
        </button>
        <button className="btn btn-small btn-ghost" disabled={a.busy} onClick={a.pullStatuses} title={t('ankiSend.updateStatusesHint')}>
          {t('ankiSend.updateStatuses')}
        </button>
        {a.progress && (
          <div className="anki-send-progress">
            <ProgressBar value={a.progress.total ? a.progress.done / a.progress.total : null} name={t('ankiSend.sending')} />
            <span className="field-hint">
              {a.progress.total ? t('ankiSend.progress', { done: a.progress.done, total: a.progress.total }) : t('ankiSend.sending')}
            </span>
          </div>
        )}
      </div>
      <ErrorLine error={a.error} />
      {a.summary && (
        <div className="anki-send-report" role="status">
          <p>
            {t('ankiSend.result', { added: a.summary.added, updated: a.summary.updated, unchanged: a.summary.unchanged, failed: a.summary.failed.length })}
            <button className="btn btn-small btn-ghost" onClick={a.dismiss}>
              {t('ankiSend.dismiss')}
            </button>
          </p>
          {(a.summary.created_decks.length > 0 || a.summary.created_note_type) && (
            <p className="field-hint">
              {t('ankiSend.created', { what: [...a.summary.created_decks, ...(a.summary.created_note_type ? [t('ankiSend.noteType')] : [])].join(', ') })}
            </p>
          )}
          {a.summary.failed.length > 0 && (
            <details open={a.summary.failed.length <= 5}>
              <summary>{t('ankiSend.failedList')}</summary>
              <ul>
                {a.summary.failed.map((f) => (
                  <li key={f.term_id}>
                    <strong>{f.term}</strong>: {f.reason}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
      {a.statuses && (
        <div className="anki-send-report" role="status">
          <p>
            {t('ankiSend.statusResult', { updated: a.statuses.updated, terms: a.statuses.terms, cards: a.statuses.cards })}
            <button className="btn btn-small btn-ghost" onClick={a.dismiss}>
              {t('ankiSend.dismiss')}
            </button>
          </p>
          {a.statuses.not_found > 0 && <p className="field-hint">{t('ankiSend.statusNotFound', { count: a.statuses.not_found })}</p>}
        </div>
      )}
    </div>
  );
}

/** The term editor's button: sends the one term (toasts say what Anki did). */
export function SendTermToAnki({ termId }: { termId: number }) {
  const send = useSendTermToAnki(termId);
  return (
    <button className="btn" disabled={send.busy} onClick={send.run} title={t('ankiSend.sendHint')}>
      {t('ankiSend.sendTerm')}
    </button>
  );
}
