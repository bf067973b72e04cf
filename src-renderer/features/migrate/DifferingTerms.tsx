// Runs in: renderer. The move-in preview's terms that meet a different term of the learner's: mine and theirs
// side by side, and what the import does with them (keep mine / take theirs / fill only empty fields).
import type { MigrationPreview, TermMerge } from '../../../src-shared/contract/migrate';
import { t, type MessageKey } from '../../lib/i18n';
import { statusName } from '../../lib/i18n/status';
import { ScrollRegion } from '../../components/Page';

const MERGE_LABEL: Record<TermMerge, MessageKey> = { fill: 'moveIn.mergeFillEmpty', keep: 'moveIn.mergeKeepMine', theirs: 'moveIn.mergeTakeTheirs' };

export function DifferingTerms({ differing, merge, onMerge }: { differing: MigrationPreview['differing']; merge: TermMerge; onMerge(m: TermMerge): void }) {
  if (differing.count === 0) return null;
  return (
    <div className="import-differing" data-testid="import-differing">
      <p>{t('moveIn.differingCount', { count: differing.count })}</p>
      <ScrollRegion label={t('moveIn.differingTable')}>
        <table className="import-languages">
          <thead>
            <tr>
              <th scope="col">{t('moveIn.differingTerm')}</th>
              <th scope="col">{t('moveIn.differingYours')}</th>
              <th scope="col">{t('moveIn.differingTheirs')}</th>
            </tr>
          </thead>
          <tbody>
            {differing.terms.map((d) => (
              <tr key={`${d.language}:${d.text}`}>
                <td>{d.text}</td>
                <td>
                  {statusName(d.mine.status)}
                  {d.mine.translation && ` · ${d.mine.translation}`}
                </td>
                <td>
                  {statusName(d.theirs.status)}
                  {d.theirs.translation && ` · ${d.theirs.translation}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <label className="check">
        {t('moveIn.differingMergeLabel')}
        <select className="input" value={merge} onChange={(e) => onMerge(e.target.value as TermMerge)}>
          {(Object.keys(MERGE_LABEL) as TermMerge[]).map((m) => (
            <option key={m} value={m}>
              {t(MERGE_LABEL[m])}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
