// Runs in: renderer. Language settings: which lemma source is active (the language's file or the automatic
// Hunspell / kuromoji source), how many forms it knows, a progress bar while its table is built, and
// "Fill missing lemmas" over the language's terms with a summary (filled, left empty, conflicts), whether its
// automatic lemmas are trusted to fill terms (issue 30), and the downloadable lemma lists of the language
// (LemmaDownloads).
import { useEffect, useState } from 'react';
import type { FillSummary, LemmaStatus } from '../../../src-shared/contract/lemmas';
import { api } from '../../api/client';
import { ProgressBar } from '../../components/Page';
import { showError } from '../../lib/errors';
import { Link } from '../../lib/router';
import { useCall } from '../../lib/useCall';
import { LemmaDownloads } from './LemmaDownloads';
import { LemmaRecomputeNote } from './LemmaRecomputeNote';
import './lemmas.css';
import { currentLocale, formatNumber, t } from '../../lib/i18n';
import { serverMessage } from '../../lib/i18n/server';
import { tr } from '../../lib/i18n/rich';
import { unsureNote } from './unsureNote';

export function LemmaSourcePanel({ languageId }: { languageId: number }) {
  const status = useCall('lemmas.status', { language_id: languageId }, [languageId]);
  const data = status.data as LemmaStatus | undefined;
  const building = data?.automatic?.state === 'building' || data?.recompute?.state === 'running';
  const [filling, setFilling] = useState(false);
  const [summary, setSummary] = useState<FillSummary | null>(null);

  // While the table builds (a few seconds, in a worker thread) or lemmas are recomputed, poll the progress.
  useEffect(() => {
    if (!building) return;
    const timer = setInterval(() => status.reload(), 700);
    return () => clearInterval(timer);
  }, [building, status]);

  async function fill() {
    setFilling(true);
    setSummary(null);
    try {
      setSummary(await api.call('lemmas.fill', { language_id: languageId }));
      status.reload();
    } catch (err) {
      showError(err);
    } finally {
      setFilling(false);
    }
  }

  if (!data) return null;
  const auto = data.automatic;
  // The server names the identity source in English; the other sources' names are proper names.
  const autoName = auto?.kind === 'identity' ? t('lemmas.ownLemma') : auto?.name;
  return (
    <section className="card lemma-source" aria-label={t('lemmas.lemmaSource')}>
      <h3>{t('lemmas.wordFamiliesLemmas')}</h3>
      {data.lemmatizer === 'none' ? (
        <p className="muted">{t('lemmas.thisLanguageSLemmatizer')}</p>
      ) : (
        <>
          <p data-testid="lemma-active-source">
            {t('lemmas.activeSource')}{' '}
            {data.active === 'file' && data.file ? (
              <>
                <strong>{t('lemmas.yourList')}</strong> {t('lemmas.forms', { count: data.file.entries })}
                {auto ? t('lemmas.then', { name: autoName ?? '' }) : null}
              </>
            ) : auto ? (
              <>
                <strong>{autoName}</strong>
                {auto.forms !== null ? t('lemmas.headwordsForms', { count: auto.forms }) : ''}
                {auto.license ? <span className="muted">{t('lemmas.licence', { license: auto.license })}</span> : null}
              </>
            ) : (
              <strong>{t('lemmas.none')}</strong>
            )}
            {data.lemmatizer !== 'dictionary' ? <span className="muted">{t('lemmas.strategy', { strategy: data.lemmatizer })}</span> : null}
          </p>
          {auto && !auto.auto_fill && (
            // Below the measured bar (src-shared/lemmas/quality.ts): said here, beside the lists that fix it.
            <p className="lemma-unsure-note" data-testid="lemma-unsure-note">
              {unsureNote(auto.quality)}
            </p>
          )}
          {auto?.quality?.running && (
            // Issue 47: the figure the gate reads, with the treebank it comes from.
            <p className="muted" data-testid="lemma-running-figure">
              {t('lemmas.runningFigure', {
                accuracy: formatNumber(auto.quality.running.accuracy),
                tokens: formatNumber(auto.quality.running.tokens),
                source: auto.quality.running.source,
                license: auto.quality.running.license,
                method: auto.quality.running.method === 'folds' ? t('lemmas.runningFolds') : '',
              })}
            </p>
          )}
          {auto?.state === 'building' && <ProgressBar value={auto.progress} label={t('lemmas.readingTheDictionary')} />}
          <LemmaRecomputeNote recompute={data.recompute} />
          {auto?.state === 'failed' && (
            <p className="error-text">
              {t('lemmas.autoFailed', { error: auto.error_message ? serverMessage(auto.error_message, currentLocale()) : (auto.error ?? '') })}
            </p>
          )}
          {!auto && data.active === 'none' && <p className="muted">{t('lemmas.noDictionaryShipsFor')}</p>}
          <div className="form-actions">
            <button type="button" className="btn btn-small" disabled={filling} onClick={() => void fill()}>
              {filling ? t('lemmas.filling') : t('lemmas.fillMissingLemmas')}
            </button>
            <Link className="btn btn-small btn-ghost" to="/vocabulary/import#lemmas">
              {t('lemmas.importALemmaList')}
            </Link>
          </div>
          {filling && <ProgressBar value={null} label={t('lemmas.fillingLemmas')} />}
          {summary && <FillResult summary={summary} />}
          <LemmaDownloads languageId={languageId} hasFile={data.file !== null} onDone={() => status.reload()} />
        </>
      )}
    </section>
  );
}

export function FillResult({ summary }: { summary: FillSummary }) {
  return (
    <div className="fill-summary" role="status" data-testid="fill-summary">
      {tr('lemmas.fillSummary', {
        filled: <strong>{formatNumber(summary.filled)}</strong>,
        empty: <strong>{formatNumber(summary.left_empty)}</strong>,
        conflicts: <strong>{formatNumber(summary.conflicts)}</strong>,
      })}
      {summary.nlp === 'unavailable' ? t('lemmas.nlpUnreachable') : ''}
      {summary.conflict_examples.length > 0 && (
        <ul className="muted">
          {summary.conflict_examples.slice(0, 5).map((c) => (
            <li key={c.WoID}>{t('lemmas.conflictExample', { term: c.WoText, manual: c.manual, automatic: c.automatic })}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
