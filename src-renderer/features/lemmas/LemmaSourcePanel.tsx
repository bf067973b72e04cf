// Runs in: renderer. Language settings: which lemma source is active (the language's file or the automatic
// Hunspell / kuromoji source), how many forms it knows, a progress bar while its table is built, and
// "Fill missing lemmas" over the language's terms with a summary (filled, left empty, conflicts), and the
// downloadable lemma lists of the language (LemmaDownloads).
import { useEffect, useState } from 'react';
import type { FillSummary, LemmaStatus } from '../../../src-shared/contract/lemmas';
import { api } from '../../api/client';
import { ProgressBar } from '../../components/Page';
import { showError } from '../../lib/errors';
import { Link } from '../../lib/router';
import { useCall } from '../../lib/useCall';
import { LemmaDownloads } from './LemmaDownloads';
import './lemmas.css';

export function LemmaSourcePanel({ languageId }: { languageId: number }) {
  const status = useCall('lemmas.status', { language_id: languageId }, [languageId]);
  const data = status.data as LemmaStatus | undefined;
  const building = data?.automatic?.state === 'building';
  const [filling, setFilling] = useState(false);
  const [summary, setSummary] = useState<FillSummary | null>(null);

  // While the table builds (a few seconds, in a worker thread), poll its progress.
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
  return (
    <section className="card lemma-source" aria-label="Lemma source">
      <h3>Word families (lemmas)</h3>
      {data.lemmatizer === 'none' ? (
        <p className="muted">This language’s lemmatizer is “none”: lemmas are entered by hand only.</p>
      ) : (
        <>
          <p data-testid="lemma-active-source">
            Active source:{' '}
            {data.active === 'file' && data.file ? (
              <>
                <strong>your lemma list</strong> ({data.file.entries.toLocaleString()} forms){auto ? <>, then {auto.name}</> : null}
              </>
            ) : auto ? (
              <>
                <strong>{auto.name}</strong>
                {auto.forms !== null ? ` (${auto.forms.toLocaleString()} headwords and forms)` : ''}
                {auto.license ? <span className="muted"> · licence {auto.license}</span> : null}
              </>
            ) : (
              <strong>none</strong>
            )}
            {data.lemmatizer !== 'dictionary' ? <span className="muted"> · strategy {data.lemmatizer}</span> : null}
          </p>
          {building && <ProgressBar value={auto?.progress ?? null} label="Reading the dictionary…" />}
          {auto?.state === 'failed' && <p className="error-text">The automatic source could not be read: {auto.error}</p>}
          {!auto && data.active === 'none' && <p className="muted">No dictionary ships for this language: import a lemma list to group its word forms.</p>}
          <div className="form-actions">
            <button type="button" className="btn btn-small" disabled={filling} onClick={() => void fill()}>
              {filling ? 'Filling…' : 'Fill missing lemmas'}
            </button>
            <Link className="btn btn-small btn-ghost" to="/vocabulary/import#lemmas">
              Import a lemma list
            </Link>
          </div>
          {filling && <ProgressBar value={null} label="Filling lemmas…" />}
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
      <strong>{summary.filled.toLocaleString()}</strong> filled · <strong>{summary.left_empty.toLocaleString()}</strong> left empty ·{' '}
      <strong>{summary.conflicts.toLocaleString()}</strong> conflicts with manual lemmas (kept)
      {summary.nlp === 'unavailable' ? ' · the NLP service was not reachable' : ''}
      {summary.conflict_examples.length > 0 && (
        <ul className="muted">
          {summary.conflict_examples.slice(0, 5).map((c) => (
            <li key={c.WoID}>
              {c.WoText}: yours “{c.manual}”, automatic “{c.automatic}”
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
