// Runs in: renderer. The app's side of pairing a browser extension (issue 28): while the window is visible it asks
// every two seconds for pairing requests waiting for an answer (single-user: any; multi-user: only the one named
// by the page's `?pair=` link the extension opened) and shows "Allow ‘Lectio for Chromium’ (code 4821)…" with
// Allow and Deny. The answer is sent once; the extension, polling, receives its token.
import { useEffect, useRef, useState } from 'react';
import type { PairingRequestDto } from '../../../src-shared/contract/extension';
import { ANKICONNECT_PAIRING_NAME, ankiConnectToolOf } from '../../../src-shared/contract/ankiconnect';
import { api } from '../../api/client';
import { showError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { toast } from '../../stores/ui';

const POLL_MS = 2000;

export function PairingPrompt() {
  const [request, setRequest] = useState<PairingRequestDto | null>(null);
  const answered = useRef(new Set<string>());
  const allowRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    let stopped = false;
    const id = new URLSearchParams(window.location.search).get('pair') ?? undefined;
    const look = async () => {
      if (document.visibilityState === 'hidden') return;
      try {
        const pending = await api.call('pairing.pending', id ? { id } : {});
        if (stopped) return;
        setRequest((current) => current ?? pending.find((r) => !answered.current.has(r.id)) ?? null);
      } catch {
        // Signed out, or the server is away: nothing to ask.
      }
    };
    void look();
    const timer = setInterval(() => void look(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, []);

  useEffect(() => {
    if (request) allowRef.current?.focus();
  }, [request]);

  if (!request) return null;
  // A mining tool asking through AnkiConnect (issue 29) shows no code: the question names its origin instead, the
  // title says which kind of thing asks (issue 43), and both prompts say what an Allow lets it reach.
  const tool = request.name === ANKICONNECT_PAIRING_NAME;
  const known = tool ? ankiConnectToolOf(request.origin) : undefined;
  const toolTitle = {
    website: 'ankiconnect.pairingTitle.website',
    extension: 'ankiconnect.pairingTitle.extension',
    local: 'ankiconnect.pairingTitle.local',
  } as const;
  const answer = async (allow: boolean) => {
    answered.current.add(request.id);
    setRequest(null);
    try {
      await api.call('pairing.answer', { id: request.id, allow });
      if (allow) toast('success', t('pairing.allowed', { name: request.name }));
    } catch (err) {
      showError(err);
    }
  };
  return (
    <div className="modal-backdrop">
      <div
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="pairing-title"
        aria-describedby="pairing-question"
        data-testid="pairing-dialog"
      >
        <h2 id="pairing-title">{t(tool ? toolTitle[request.asker] : 'pairing.title')}</h2>
        <p id="pairing-question" className="modal-message">
          {known
            ? t('ankiconnect.pairingQuestionNamed', { tool: known, origin: request.origin })
            : tool
              ? t('ankiconnect.pairingQuestion', { origin: request.origin })
              : t('pairing.question', { name: request.name, code: request.code })}
        </p>
        <p data-testid="pairing-reach">{t(tool ? 'ankiconnect.pairingReach' : 'pairing.reach')}</p>
        <p className="muted">{tool ? t('ankiconnect.pairingHint') : t('pairing.origin', { origin: request.origin })}</p>
        <div className="modal-actions">
          <button className="btn" onClick={() => void answer(false)}>
            {t('pairing.deny')}
          </button>
          <button ref={allowRef} className="btn btn-primary" onClick={() => void answer(true)}>
            {t('pairing.allow')}
          </button>
        </div>
      </div>
    </div>
  );
}
