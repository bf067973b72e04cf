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
import { formatNumber, formatPercent, t } from '../../lib/i18n';
import { tr } from '../../lib/i18n/rich';

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
  // Automatic lemmas below the measured bar fill nothing (issue 30): said here, with the way to reliable ones.
  const source = useCall('lemmas.status', { language_id: languageId }, [languageId]);
  const unsure = source.data?.automatic?.auto_fill === false;
  const load = () => {
    families.reload();
    coverage.reload();
  };
  useEffect(() => setPage(1), [languageId, q, shared]);

  async function apply(lemmaLC: string, status: number) {
    try {
      const res = await api.call('terms.familyApply', { language_id: languageId, lemma_lc: lemmaLC, status });
      toast('success', t('terms.statusGiven', { status, count: res.count }));
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
        t(res.nlp === 'unavailable' ? 'terms.lemmasFilledNoNlp' : 'terms.lemmasFilled', { count: res.updated }),
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
            {tr('terms.coverage', { pct: <strong>{formatPercent(stats.coverage_percent)}</strong>, total: formatNumber(stats.total_terms) })}{' '}
            {t('terms.familiesLine', { families: stats.families, shared: stats.shared_families, lemmatizer: stats.lemmatizer })}
            {stats.dictionary ? t('terms.dictionaryEntries', { count: stats.dictionary.entries }) : ''}
          </div>
          <ProgressBar value={stats.coverage_percent / 100} />
          <div className="coverage-actions">
            <label className="check">
              <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} /> {t('terms.onlySharedFamilies')}
            </label>
            <button className="btn btn-small" disabled={filling || stats.lemmatizer === 'none'} onClick={() => void fill()}>
              {filling ? t('terms.filling') : t('terms.fillMissingLemmas')}
            </button>
            <Link className="btn btn-small btn-ghost" to="/vocabulary/import#lemmas">
              {t('terms.importALemmaList')}
            </Link>
          </div>
        </div>
      )}
      {unsure && (
        <p className="card families-unsure-note" data-testid="families-unsure-note">
          {t('lemmas.familiesUnsure')} <Link to={`/languages/${languageId}/edit`}>{t('lemmas.getALemmaList')}</Link>
        </p>
      )}
      {!data ? (
        <Spinner />
      ) : data.total === 0 ? (
        <EmptyState title={t('terms.noWordFamiliesYet')}>{t('terms.giveTermsALemma')}</EmptyState>
      ) : (
        <>
          <ul className="family-list">
            {data.families.map((f) => (
              <li key={f.lemma_lc} className="family card">
                <div className="family-head">
                  <span className="family-lemma">{f.lemma}</span>
                  <span className="muted">{t('review.terms', { count: f.count })}</span>
                  <span className="family-apply">
                    {[1, 2, 3, 4, 5, 99].map((s) => (
                      <button
                        key={s}
                        className={`btn btn-small term-status-btn term-status-${s}`}
                        title={t('terms.familyStatus', { status: s })}
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
