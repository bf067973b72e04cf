// Runs in: renderer. Toasts and the modal dialog host (confirm / choose), rendered once by the app frame.
import { useEffect, useRef } from 'react';
import { useUi } from '../stores/ui';

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

export function DialogHost() {
  const dialog = useUi((s) => s.dialog);
  const firstButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!dialog) return;
    firstButton.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  if (!dialog) return null;
  function close(value: string | boolean | null) {
    dialog!.resolve(value);
    useUi.setState({ dialog: null });
  }
  return (
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close(null)}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="dialog-title">
        <h2 id="dialog-title">{dialog.title}</h2>
        {dialog.message && <p className="modal-message">{dialog.message}</p>}
        {dialog.options ? (
          <div className="choice-list">
            {dialog.options.map((o, i) => (
              <button key={o.value} ref={i === 0 ? firstButton : undefined} className="choice" onClick={() => close(o.value)}>
                <strong>{o.label}</strong>
                {o.description && <span>{o.description}</span>}
              </button>
            ))}
            <div className="modal-actions">
              <button className="btn" onClick={() => close(null)}>Cancel</button>
            </div>
          </div>
        ) : (
          <div className="modal-actions">
            <button className="btn" onClick={() => close(false)}>Cancel</button>
            <button ref={firstButton} className={`btn ${dialog.danger ? 'btn-danger' : 'btn-primary'}`} onClick={() => close(true)}>
              {dialog.confirmLabel ?? 'OK'}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
