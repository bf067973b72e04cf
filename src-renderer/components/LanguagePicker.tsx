// Runs in: renderer. The learner's languages as a select, for the forms that make something in one language
// (a text, a book, a feed, subtitles, an Anki deck). The vocabulary's filters use terms/shared's LanguageSelect,
// which can also mean "all languages".
import { useApp } from '../stores/app';

export function LanguagePicker({
  value,
  onChange,
  placeholder,
  label,
  required,
  className,
}: {
  /** '' when none is chosen yet. */
  value: number | '';
  onChange: (id: number | '') => void;
  /** The text of an empty first option ("Choose…"); without it, there is none. */
  placeholder?: string;
  /** An accessible name, where no surrounding label gives one. */
  label?: string;
  required?: boolean;
  className?: string;
}) {
  const languages = useApp((s) => s.languages);
  return (
    <select className={className} value={value} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : '')} aria-label={label} required={required}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {languages.map((l) => (
        <option key={l.LgID} value={l.LgID}>
          {l.LgName}
        </option>
      ))}
    </select>
  );
}
