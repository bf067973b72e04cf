// Runs in: renderer. The language picker of the listening forms (the learner's languages).
import { useApp } from '../../stores/app';
import { t } from '../../lib/i18n';

export function LanguageSelect({ value, onChange }: { value: number | ''; onChange: (v: number | '') => void }) {
  const languages = useApp((s) => s.languages);
  return (
    <select value={value} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : '')} aria-label={t('misc.language')} required>
      <option value="">{t('misc.choose')}</option>
      {languages.map((l) => (
        <option key={l.LgID} value={l.LgID}>
          {l.LgName}
        </option>
      ))}
    </select>
  );
}
