// Runs in: renderer. Toasts and the modal dialog host (confirm / choose / prompt), rendered once by the app frame.
// Long because: the dialog host is one focus-trapped modal for confirm, choose and prompt (PromptBody) sharing
// close() and the keyboard guard; Toasts is the small rest.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useUi } from '../stores/ui';
import { t } from '../lib/i18n';
import './overlays.css';

export function Toasts() {
  const toasts = useUi((s) => s.toasts);
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          {t.message}
        </div>
      ))}
    </div>
  );
}

const FOCUSABLE = 'input, select, textarea, button, [href], [tabindex]:not([tabindex="-1"])';

export function DialogHost() {
  const dialog = useUi((s) => s.dialog);
  const modalRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!dialog) return;
    const modal = modalRef.current;
    // Focus the field of a prompt, else the confirming (or first) button.
    (modal?.querySelector<HTMLElement>('[data-autofocus]') ?? modal?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    // While a dialog is open the page's keyboard shortcuts (window listeners) must not fire: digits typed
    // into a prompt or pressed on a confirm button would otherwise act on the page behind. Stopping the
    // keydown at the window's capture phase keeps the browser's own actions (typing, Enter submitting the
    // form, Tab, Space on buttons); the dialog needs no keydown handlers of its own besides Escape.
    const onKey = (e: KeyboardEvent) => {
      e.stopImmediatePropagation();
      if (e.key === 'Escape') {
        e.preventDefault();
        close(null);
      }
    };
    // Keep focus inside the dialog (Tab past the last button, a click on the page behind).
    const onFocus = (e: FocusEvent) => {
      if (modal && e.target instanceof Node && !modal.contains(e.target)) modal.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    };
    window.addEventListener('keydown', onKey, true);
    document.addEventListener('focusin', onFocus);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', onFocus);
    };
  }, [dialog]);

  if (!dialog) return null;
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close(null)}>
      <div ref={modalRef} className="modal" role="dialog" aria-modal="true" aria-labelledby="dialog-title">
        <h2 id="dialog-title">{dialog.title}</h2>
        {dialog.message && <p className="modal-message">{dialog.message}</p>}
        {dialog.prompt ? (
          // Keyed by the request: a new prompt starts from its own initial value.
          <PromptBody key={dialogKey(dialog)} />
        ) : dialog.options ? (
          <div className="choice-list">
            {dialog.options.map((o) => (
              <button key={o.value} className="choice" onClick={() => close(o.value)}>
                <strong>{o.label}</strong>
                {o.description && <span>{o.description}</span>}
              </button>
            ))}
            <div className="modal-actions">
              <button className="btn" onClick={() => close(null)}>
                {t('common.cancel')}
              </button>
            </div>
          </div>
        ) : (
          <div className="modal-actions">
            <button className="btn" onClick={() => close(false)}>
              {t('common.cancel')}
            </button>
            <button data-autofocus className={`btn ${dialog.danger ? 'btn-danger' : 'btn-primary'}`} onClick={() => close(true)}>
              {dialog.confirmLabel ?? t('common.ok')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

/** Resolves the open dialog and closes it. */
function close(value: string | boolean | null): void {
  const open = useUi.getState().dialog;
  if (!open) return;
  useUi.setState({ dialog: null });
  open.resolve(value);
}

const keys = new WeakMap<object, number>();
let nextKey = 1;
function dialogKey(dialog: object): number {
  let k = keys.get(dialog);
  if (k === undefined) keys.set(dialog, (k = nextKey++));
  return k;
}

function PromptBody() {
  const dialog = useUi((s) => s.dialog)!;
  const prompt = dialog.prompt!;
  const [value, setValue] = useState(prompt.initialValue ?? '');
  // The message shows once the user has typed or tried to confirm: not on an empty field just opened.
  const [touched, setTouched] = useState(false);
  const errorId = useId();
  const problem = prompt.validate?.(value) ?? null;
  const shown = touched ? problem : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched(true);
    if (problem === null) close(value);
  }

  return (
    <form onSubmit={submit} noValidate>
      <label className={`field${shown ? ' field-error' : ''}`}>
        <span className="field-label">{prompt.label}</span>
        <input
          data-autofocus
          className="input"
          value={value}
          placeholder={prompt.placeholder}
          onChange={(e) => {
            setValue(e.target.value);
            setTouched(true);
          }}
          onFocus={(e) => e.target.select()}
          aria-invalid={shown !== null}
          aria-describedby={shown ? errorId : undefined}
          spellCheck={false}
          autoComplete="off"
        />
        {shown && (
          <span id={errorId} className="field-error-text" role="alert">
            {shown}
          </span>
        )}
      </label>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={() => close(null)}>
          {t('common.cancel')}
        </button>
        <button type="submit" className={`btn ${dialog.danger ? 'btn-danger' : 'btn-primary'}`} disabled={touched && problem !== null}>
          {dialog.confirmLabel ?? t('common.ok')}
        </button>
      </div>
    </form>
  );
}
