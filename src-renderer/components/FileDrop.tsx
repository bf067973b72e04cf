// Runs in: renderer. The one way to choose a file: a zone (or a button) that opens the file chooser on click, Enter
// or Space, takes files dropped on it, shows the chosen file's name and a hint (formats, size). It holds the
// renderer's only <input type="file"> (tests/unit/renderer-shape.test.ts checks it). A drop here is this zone's:
// the window-wide dispatcher (lib/drop.ts) does not see it. A form that takes a drop anywhere on it spreads
// useFileDropTarget's props instead of writing its own handlers.
// Long because: one control. The zone and button variants share the chooser, its keys and the drop handling,
// and useFileDropTarget is the same drop spread over a whole form.
import { useImperativeHandle, useRef, useState, type DragEvent, type ReactNode, type Ref } from 'react';
import { formatNumber } from '../lib/i18n';
import './file-drop.css';

/** Opens the chooser from elsewhere: a shortcut, a header button, a row's "import into this" action. */
export interface FileChooser {
  open(): void;
}

/** Drag-and-drop props for any element: files dropped on it go to `onFiles`, not to the window's handlers. */
export function useFileDropTarget(onFiles: (files: File[], how: 'drop') => void, disabled?: boolean) {
  const [over, setOver] = useState(false);
  return {
    over,
    props: {
      onDragOver: (e: DragEvent) => {
        e.preventDefault();
        e.stopPropagation();
        if (!disabled) setOver(true);
      },
      onDragLeave: (e: DragEvent) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      },
      onDrop: (e: DragEvent) => {
        // This element handles its own drops; the window-wide dispatcher must not ask again.
        e.preventDefault();
        e.stopPropagation();
        setOver(false);
        const files = [...e.dataTransfer.files];
        if (files.length && !disabled) onFiles(files, 'drop');
      },
    },
  };
}

export function FileDrop({
  onFiles,
  prompt,
  accept,
  multiple,
  disabled,
  chosen,
  hint,
  inputLabel,
  testId,
  className,
  variant = 'zone',
  chooserRef,
  title,
  chooseLabel,
  children,
}: {
  /** The files dropped here or chosen; `how` says which (a chooser opened for a purpose, a drop for the default). */
  onFiles(files: File[], how: 'drop' | 'chooser'): void;
  /** What the zone (or the button) says while no file is chosen: "Drop an .apkg here, or choose one". */
  prompt: ReactNode;
  /** The chooser's filter, as the input's accept attribute (".srt,.vtt", "audio/*"). Drops are not filtered: the
   * action says why a file does not fit, as it does for a file chosen with "All files". */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The chosen file, shown by name in place of the prompt; without the prop, a zone shows the last file picked
   * there (null: none) and a button keeps its prompt. */
  chosen?: File | null;
  /** A quiet line under the prompt: the formats taken, the largest size. */
  hint?: ReactNode;
  /** The accessible name of the chooser ("Subtitle file"). */
  inputLabel?: string;
  testId?: string;
  className?: string;
  /** 'zone': a dashed drop area; 'button': a button that also takes a drop. */
  variant?: 'zone' | 'button';
  chooserRef?: Ref<FileChooser>;
  /** A tooltip: what choosing does, where the prompt is short ("Import"). */
  title?: string;
  /** A zone's button-like cue under the prompt ("Choose file"); the whole zone is what opens the chooser. */
  chooseLabel?: string;
  children?: ReactNode;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const take = (files: File[], how: 'drop' | 'chooser') => {
    setPicked(files[0] ?? null);
    onFiles(files, how);
  };
  const { over, props: dropProps } = useFileDropTarget(take, disabled);
  const open = () => {
    if (!disabled) input.current?.click();
  };
  useImperativeHandle(chooserRef, () => ({ open }));
  const shown = chosen === undefined ? picked : chosen;
  const chooser = (
    <input
      ref={input}
      type="file"
      accept={accept}
      multiple={multiple}
      hidden
      disabled={disabled}
      aria-label={inputLabel}
      data-testid={testId}
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        // Cleared so choosing the same file again (after fixing it) is a change too.
        e.target.value = '';
        if (files.length) take(files, 'chooser');
      }}
    />
  );
  const classes =
    variant === 'zone'
      ? ['file-drop', className, over && 'over', disabled && 'disabled', shown && 'chosen']
      : ['btn file-drop-button', className, over && 'over'];
  const classNameOf = classes.filter(Boolean).join(' ');

  if (variant === 'button')
    return (
      <>
        <button type="button" className={classNameOf} disabled={disabled} onClick={open} title={title} {...dropProps}>
          {chosen ? chosen.name : prompt}
        </button>
        {chooser}
      </>
    );
  return (
    <div
      className={classNameOf}
      title={title}
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled || undefined}
      onClick={(e) => {
        // A button or link inside the zone does its own thing.
        if ((e.target as HTMLElement).closest('button, a, input, select') === null) open();
      }}
      onKeyDown={(e) => {
        if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
          e.preventDefault();
          open();
        }
      }}
      {...dropProps}
    >
      <span className="file-drop-prompt">{shown ? shown.name : prompt}</span>
      {shown && <span className="file-drop-size">{formatSize(shown.size)}</span>}
      {chooseLabel && (
        <span className="btn btn-small" aria-hidden="true">
          {chooseLabel}
        </span>
      )}
      {hint && <span className="file-drop-hint">{hint}</span>}
      {children}
      {chooser}
    </div>
  );
}

/** A file's size in the units people read, with the locale's decimal sign. */
function formatSize(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round(bytes / 1024))} KB`;
  return `${formatNumber(bytes / 1024 / 1024, { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;
}
