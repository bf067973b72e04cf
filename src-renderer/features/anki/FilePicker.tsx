// Runs in: renderer. A drop zone that also opens the file chooser (click, Enter or Space) for one .apkg.
import { useRef, useState, type DragEvent } from 'react';
import { t } from '../../lib/i18n';

export function ApkgPicker({ onFile, disabled, label = t('anki.dropApkg') }: { onFile(file: File): void; disabled?: boolean; label?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    // This zone handles its own drops; the window-wide dispatcher must not ask again.
    e.preventDefault();
    e.stopPropagation();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <div
      className={`apkg-drop${over ? ' over' : ''}${disabled ? ' disabled' : ''}`}
      role="button"
      tabIndex={0}
      aria-label={label}
      onClick={() => !disabled && input.current?.click()}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && !disabled && (e.preventDefault(), input.current?.click())}
      onDragOver={(e) => {
        e.preventDefault();
        e.stopPropagation();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <span className="apkg-drop-icon" aria-hidden="true">
        ⇪
      </span>
      <span>{label}</span>
      <input
        ref={input}
        type="file"
        accept=".apkg"
        hidden
        data-testid="apkg-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
