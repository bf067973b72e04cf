// Runs in: renderer. The move-in page's notice of a move that was killed midway (the app closed or stopped, a power
// cut) and undone at the next start (issue 43, docs/backup.md "Moving in"): nothing of it stayed, move in again.
import type { InterruptedMove } from '../../../src-shared/contract/migrate';
import { api } from '../../api/client';
import { formatDateTime, t } from '../../lib/i18n';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';

const TOOL: Record<InterruptedMove['source'], string> = { lwt: 'LWT', lute: 'Lute' };

export function InterruptedMoves() {
  const moves = useCall('import.interrupted', {});
  const dismiss = useAction(async () => {
    await api.call('import.dismissInterrupted', {});
    moves.setData({ moves: [] });
  });
  if (!moves.data?.moves.length) return null;
  return (
    <section className="card form-grid" role="status" data-testid="import-interrupted">
      {moves.data.moves.map((m) => (
        <p key={m.started}>
          {t('moveIn.interrupted', {
            tool: TOOL[m.source],
            when: formatDateTime(m.started),
            terms: m.removed.terms,
            languages: m.removed.languages,
          })}
        </p>
      ))}
      <div className="backup-actions">
        <button className="btn" disabled={dismiss.busy} onClick={() => void dismiss.run()}>
          {t('moveIn.interruptedDismiss')}
        </button>
      </div>
    </section>
  );
}
