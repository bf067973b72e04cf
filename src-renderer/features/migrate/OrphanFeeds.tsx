// Runs in: renderer. The move-in preview's feeds whose language the file does not hold (issue 32): each is skipped
// (the default) or goes to one of the learner's languages, instead of a language "LWT language 9" of its own.
import type { OrphanFeed } from '../../../src-shared/contract/migrate';
import { t } from '../../lib/i18n';
import { useApp } from '../../stores/app';

export function OrphanFeeds({
  feeds,
  chosen,
  onChoose,
}: {
  feeds: OrphanFeed[];
  chosen: Record<number, number>;
  onChoose(index: number, languageId: number | null): void;
}) {
  const languages = useApp((s) => s.languages);
  if (feeds.length === 0) return null;
  return (
    <div className="import-orphan-feeds" data-testid="import-orphan-feeds">
      <p>{t('moveIn.orphanFeeds', { count: feeds.length })}</p>
      <ul>
        {feeds.map((f) => (
          <li key={f.index}>
            <label className="field">
              <span className="field-label">{f.name}</span>
              <span className="hint import-orphan-url">{f.url}</span>
              <select className="input" value={chosen[f.index] ?? 0} onChange={(e) => onChoose(f.index, Number(e.target.value) || null)}>
                <option value={0}>{t('moveIn.orphanFeedSkip')}</option>
                {languages.map((l) => (
                  <option key={l.LgID} value={l.LgID}>
                    {t('moveIn.orphanFeedInto', { name: l.LgName })}
                  </option>
                ))}
              </select>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
