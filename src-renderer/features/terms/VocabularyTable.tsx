// Runs in: renderer. One page of the vocabulary as a table: a checkbox per term (and one for the page), the term
// with its romanization linking to its editor, translation (Markdown), lemma, tags and status.
import type { TermDto } from '../../../src-shared/contract/terms';
import { StatusBadge } from './shared';
import { Markdown } from '../../components/Markdown';
import { Link } from '../../lib/router';
import { t } from '../../lib/i18n';

export function VocabularyTable({
  terms,
  selected,
  allOnPage,
  onToggle,
  onToggleAll,
}: {
  terms: readonly TermDto[];
  selected: ReadonlySet<number>;
  allOnPage: boolean;
  onToggle(id: number): void;
  onToggleAll(): void;
}) {
  return (
    <table className="table vocab-table">
      <thead>
        <tr>
          <th className="col-check">
            <input type="checkbox" checked={allOnPage} onChange={onToggleAll} aria-label={t('vocabulary.selectPage')} />
          </th>
          <th>{t('terms.term')}</th>
          <th>{t('terms.translation')}</th>
          <th>{t('terms.lemma')}</th>
          <th>{t('terms.tags')}</th>
          <th>{t('terms.status')}</th>
        </tr>
      </thead>
      <tbody>
        {terms.map((tm) => (
          <tr key={tm.WoID} className={selected.has(tm.WoID) ? 'selected' : undefined}>
            <td className="col-check">
              <input
                type="checkbox"
                checked={selected.has(tm.WoID)}
                onChange={() => onToggle(tm.WoID)}
                aria-label={t('terms.selectTerm', { term: tm.WoText })}
              />
            </td>
            <td className="term-cell">
              <Link to={`/word/edit-term?id=${tm.WoID}`}>{tm.WoText}</Link>
              {tm.WoRomanization && <span className="muted term-roman">{tm.WoRomanization}</span>}
            </td>
            <td className="translation-cell">
              <Markdown text={tm.WoTranslation} />
            </td>
            <td className="muted">{tm.WoLemma ?? ''}</td>
            <td>
              {tm.TermTags.map((tag) => (
                <span key={tag} className="badge tag-badge">
                  {tag}
                </span>
              ))}
            </td>
            <td>
              <StatusBadge status={tm.WoStatus} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
