// Runs in: renderer. Word families of a language (terms sharing a lemma): coverage, list, apply a status.
import { useEffect, useState } from 'react';
import type { LemmaCoverage, WordFamilyPage } from '../../../src-shared/contract/lemmas';
import { api } from '../../api/client';
import { showError } from '../../lib/errors';
import { useCall } from '../../lib/useCall';
import { Link } from '../../lib/router';
import { EmptyState, ProgressBar, Spinner } from '../../components/Page';
import { toast } from '../../stores/ui';
import { StatusBadge, statusAbbr } from './shared';
import { STATUS_WELL_KNOWN } from '../../../src-shared/contract/status';
import { Pager } from '../../components/Pager';
import { countOf } from '../../lib/plural';

export function FamiliesView({ languageId, q }: { languageId: number; q: string }) {
  const [page, setPage] = useState(1);
  const [shared, setShared] = useState(true);
  const [filling, setFilling] = useState(false);

  const families = useCall(
    'wordFamilies.list',
    { language_id: languageId, q: q.trim() || undefined, min_size: shared ? 2 : 1, page, per_page: 30 },
    undefined,
    {
      toastErrors: true,
      keepData: true,
    },
  );
  const data = families.data as WordFamilyPage | undefined;
  // Coverage is refreshed with the list (a status applied, lemmas filled); without it the bar is left out.
  const coverage = useCall('wordFamilies.stats', { language_id: languageId }, [languageId, q, shared, page], { keepData: true });
  const stats: LemmaCoverage | null = coverage.error ? null : (coverage.data ?? null);
  const load = () => {
    families.reload();
    coverage.reload();
  };
  useEffect(() => setPage(1), [languageId, q, shared]);

  async function apply(lemmaLC: string, status: number) {
    try {
      const res = await api.call('terms.familyApply', { language_id: languageId, lemma_lc: lemmaLC, status });
      toast('success', `Status ${status} given to ${countOf(res.count, 'term')}`);
      load();
    } catch (err) {
      showError(err);
    }
  }

  async function fill() {
    setFilling(true);
    try {
      const res = await api.call('lemmas.fill', { language_id: languageId });
      toast(
        res.nlp === 'unavailable' ? 'info' : 'success',
        `${countOf(res.updated, 'lemma')} filled${res.nlp === 'unavailable' ? '; the NLP service was not reachable' : ''}`,
      );
      load();
    } catch (err) {
      showError(err);
    } finally {
      setFilling(false);
    }
  }

  return (
    <div className="families">
      {stats && (
        <div className="card coverage">
          <div>
            <strong>{stats.coverage_percent} %</strong> of {stats.total_terms.toLocaleString()} terms have a lemma · {stats.families.toLocaleString()} families,{' '}
            {stats.shared_families.toLocaleString()} with more than one term · lemmatizer: {stats.lemmatizer}
            {stats.dictionary ? ` (${stats.dictionary.entries.toLocaleString()} dictionary entries)` : ''}
          </div>
          <ProgressBar value={stats.coverage_percent / 100} />
          <div className="coverage-actions">
            <label className="check">
              <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} /> Only families with several terms
            </label>
            <button className="btn btn-small" disabled={filling || stats.lemmatizer === 'none'} onClick={() => void fill()}>
              {filling ? 'Filling…' : 'Fill missing lemmas'}
            </button>
            <Link className="btn btn-small btn-ghost" to="/vocabulary/import#lemmas">
              Import a lemma list
            </Link>
          </div>
        </div>
      )}
      {!data ? (
        <Spinner />
      ) : data.total === 0 ? (
        <EmptyState title="No word families yet">
          Give terms a lemma (base form) by hand, or import a lemma list, and the forms of a word gather here.
        </EmptyState>
      ) : (
        <>
          <ul className="family-list">
            {data.families.map((f) => (
              <li key={f.lemma_lc} className="family card">
                <div className="family-head">
                  <span className="family-lemma">{f.lemma}</span>
                  <span className="muted">{countOf(f.count, 'term')}</span>
                  <span className="family-apply">
                    {[1, 2, 3, 4, 5, 99].map((s) => (
                      <button
                        key={s}
                        className={`btn btn-small term-status-btn term-status-${s}`}
                        title={`Give the whole family status ${s}`}
                        onClick={() => void apply(f.lemma_lc, s)}
                      >
                        {s === STATUS_WELL_KNOWN ? statusAbbr(s) : s}
                      </button>
                    ))}
                  </span>
                </div>
                <div className="family-members">
                  {f.members.map((m) => (
                    <Link key={m.WoID} className="family-member" to={`/word/edit-term?id=${m.WoID}`}>
                      {m.WoText} <StatusBadge status={m.WoStatus} />
                    </Link>
                  ))}
                </div>
              </li>
            ))}
          </ul>
          <Pager page={page} pages={data.pages} onPage={setPage} />
        </>
      )}
    </div>
  );
}
