// Runs in: renderer. Language settings: the curated lemma lists for the language (resources/lemma-sources.json)
// with a one-click download. The server fetches the list through the guarded fetcher and stores it as the
// language's lemma file; here: which lists exist (name, size of the source, licence), a progress bar while it
// runs (one request: indeterminate, with the time spent), the result, and failures in plain words.
import { useEffect, useState } from 'react';
import type { LemmaSourceDto } from '../../../src-shared/contract/lemmas';
import { api } from '../../api/client';
import { ProgressBar } from '../../components/Page';
import { ErrorLine } from '../../components/ErrorLine';
import { errorMessageNaming } from '../../lib/errors';
import { useCall } from '../../lib/useCall';
import { t, useLocale } from '../../lib/i18n';
import { lemmaListName } from '../../lib/i18n/curated';

type Outcome = { ok: true; text: string } | { ok: false; text: string; item: LemmaSourceDto };

export function LemmaDownloads({ languageId, hasFile, onDone }: { languageId: number; hasFile: boolean; onDone: () => void }) {
  const lists = (useCall('lemmas.catalogue', { language_id: languageId }, [languageId]).data ?? []) as LemmaSourceDto[];
  const locale = useLocale((s) => s.locale);
  const [running, setRunning] = useState<{ id: string; started: number } | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setSeconds(Math.round((Date.now() - running.started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [running]);

  async function download(item: LemmaSourceDto) {
    setRunning({ id: item.id, started: Date.now() });
    setSeconds(0);
    setOutcome(null);
    try {
      const res = await api.call('lemmas.download', { language_id: languageId, source_id: item.id });
      const terms = res.updated_terms > 0 ? t('lemmas.termsGotLemma', { count: res.updated_terms }) : '';
      setOutcome({ ok: true, text: t('lemmas.downloaded', { name: lemmaListName(item, locale), count: res.pairs, terms }) });
      onDone();
    } catch (err) {
      const message = errorMessageNaming(err, lemmaListName(item, locale));
      setOutcome({ ok: false, text: message, item });
    } finally {
      setRunning(null);
    }
  }

  if (lists.length === 0) return null;
  return (
    <div className="lemma-downloads" data-testid="lemma-downloads">
      <h4>{t('lemmas.downloadALemmaList')}</h4>
      <p className="muted">{hasFile ? t('lemmas.downloadingReplacesYourCurrent') : t('lemmas.aListJoinsWord')}</p>
      <ul>
        {lists.map((item) => (
          <li key={item.id}>
            <div>
              <strong>{lemmaListName(item, locale)}</strong>
              <span className="muted">{t('lemmas.licence', { license: item.license })}</span>
              <div className="muted small">{item.attribution}</div>
            </div>
            <button type="button" className="btn btn-small" disabled={running !== null} onClick={() => void download(item)}>
              {running?.id === item.id ? t('lemmas.downloading') : t('lemmas.download')}
            </button>
          </li>
        ))}
      </ul>
      {running && <ProgressBar value={null} label={t('lemmas.downloadingSeconds', { seconds })} />}
      {outcome?.ok && (
        <p className="fill-summary" role="status" data-testid="lemma-download-result">
          {outcome.text}
        </p>
      )}
      {outcome && !outcome.ok && (
        <ErrorLine className="lemma-download-error" error={outcome.text} onRetry={running ? undefined : () => void download(outcome.item)} />
      )}
    </div>
  );
}
