// Runs in: renderer. What a move-in file holds (the preview) or what it added (the result): the figures, the
// "moved in" note, and each language with where it goes.
import { formatDate, formatNumber, t } from '../../lib/i18n';
import { ScrollRegion } from '../../components/Page';
import type { useMoveIn } from './useMoveIn';

type MoveIn = ReturnType<typeof useMoveIn>;

export function MoveInFigures({ m, shown }: { m: MoveIn; shown: NonNullable<MoveIn['result'] | MoveIn['preview']> }) {
  return (
    <>
      <ul className="import-figures">
        {(
          [
            [m.result ? t('moveIn.figLanguagesAdded') : t('moveIn.figLanguages'), m.result ? m.result.created.languages : shown.counts.languages],
            [m.result ? t('moveIn.figTermsAdded') : t('moveIn.figTerms'), m.result ? m.result.created.terms : shown.counts.terms],
            [m.result ? t('moveIn.figTextsAdded') : t('moveIn.figTexts'), m.result ? m.result.created.texts : shown.counts.texts + shown.counts.archivedTexts],
            [m.result ? t('moveIn.figFeedsAdded') : t('moveIn.figFeeds'), m.result ? m.result.created.feeds : shown.counts.feeds],
            ...(shown.counts.books
              ? [[m.result ? t('moveIn.figBooksAdded') : t('moveIn.figBooks'), m.result ? m.result.created.books : shown.counts.books] as const]
              : []),
            ...(m.result?.merged.terms ? [[t('moveIn.figTermsUpdated'), m.result.merged.terms] as const] : []),
            ...(m.result?.left_out.feeds ? [[t('moveIn.figFeedsLeftOut'), m.result.left_out.feeds] as const] : []),
            m.result
              ? ([t('moveIn.figAlreadyThere'), m.result.skipped.terms + m.result.skipped.texts + m.result.skipped.feeds + m.result.skipped.books] as const)
              : ([t('moveIn.figTermTags'), shown.counts.termTags] as const),
          ] as const
        ).map(([label, n]) => (
          <li key={label}>
            <strong>{formatNumber(n)}</strong>
            {label}
          </li>
        ))}
      </ul>
      {m.result?.moved_in && (
        <p className="hint" data-testid="moved-in">
          {m.result.moved_in.since === null
            ? t('moveIn.movedIn', { terms: formatNumber(m.result.moved_in.terms), texts: formatNumber(m.result.moved_in.texts) })
            : t('moveIn.movedInSince', {
                terms: formatNumber(m.result.moved_in.terms),
                texts: formatNumber(m.result.moved_in.texts),
                date: formatDate(m.result.moved_in.since),
              })}
        </p>
      )}
      <ScrollRegion label={t('moveIn.languagesTable')}>
        <table className="import-languages">
          <thead>
            <tr>
              <th scope="col">{t('common.language')}</th>
              <th scope="col">{t('moveIn.languageTarget')}</th>
              <th scope="col" className="num">
                {t('common.terms')}
              </th>
              <th scope="col" className="num">
                {t('moveIn.openTexts')}
              </th>
              <th scope="col" className="num">
                {t('moveIn.openFeeds')}
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.languages.map((l) => (
              <tr key={l.name}>
                <td>{l.name}</td>
                <td>
                  <span className={`import-badge ${l.action}`}>
                    {l.action === 'create'
                      ? t('moveIn.languageNew')
                      : l.action === 'merge'
                        ? t('moveIn.languageMerged', { name: l.targetName })
                        : t('moveIn.languageRenamed', { name: l.targetName })}
                  </span>
                </td>
                <td className="num">{l.terms}</td>
                <td className="num">{l.texts}</td>
                <td className="num">{l.feeds}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
