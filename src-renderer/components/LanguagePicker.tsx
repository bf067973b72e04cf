// Runs in: renderer. The learner's languages as a select: the one language select of the interface, for the
// forms that make something in one language (a text, a book, a feed, subtitles, an Anki deck, a term) and for
// filters where the empty option means "all languages".
import { useApp } from '../stores/app';

export function LanguagePicker({
  value,
  onChange,
  placeholder,
  placeholderUntilChosen,
  label,
  required,
  className,
  id,
}: {
  /** '' when none is chosen yet (or, with an "all" placeholder, when all are). */
  value: number | '';
  onChange: (id: number | '') => void;
  /** The text of an empty first option ("Choose…", "All languages"); without it, there is none. */
  placeholder?: string;
  /** The empty option only shows while nothing is chosen: once a language is, it cannot be unchosen. */
  placeholderUntilChosen?: boolean;
  /** An accessible name, where no surrounding label gives one. */
  label?: string;
  required?: boolean;
  className?: string;
  id?: string;
}) {
  const languages = useApp((s) => s.languages);
  const showPlaceholder = placeholder !== undefined && (!placeholderUntilChosen || value === '');
  return (
    <select
      id={id}
      className={className}
      value={value}
      onChange={(e) => onChange(e.target.value ? Number(e.target.value) : '')}
      aria-label={label}
      required={required}
    >
      {showPlaceholder && <option value="">{placeholder}</option>}
      {languages.map((l) => (
        <option key={l.LgID} value={l.LgID}>
          {l.LgName}
        </option>
      ))}
    </select>
  );
}
