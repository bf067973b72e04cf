// Runs in: renderer. The state of Settings → AnkiConnect (issue 29): the address to paste into Yomitan or asbplayer,
// the 127.0.0.1:8765 switch with what became of it, whether an unknown deck may become a language, and the learner's field-name → role rows, saved together.
import { useEffect, useState } from 'react';
import type { AnkiConnectStatusDto } from '../../../src-shared/contract/ankiconnect';
import type { NoteRole } from '../../../src-shared/anki/connect/notes';
import { api } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { toast } from '../../stores/ui';
import { t } from '../../lib/i18n';

export interface RoleRow {
  field: string;
  role: NoteRole;
}

const rowsOf = (status: AnkiConnectStatusDto | undefined): RoleRow[] => Object.entries(status?.field_roles ?? {}).map(([field, role]) => ({ field, role }));

export function useAnkiConnectSettings() {
  const status = useCall('ankiconnect.status', {});
  const [rows, setRows] = useState<RoleRow[]>([]);
  useEffect(() => setRows(rowsOf(status.data)), [status.data]);

  const setPort = useAction(async (enabled: boolean) => {
    status.setData(await api.call('ankiconnect.configure', { port_enabled: enabled }));
  });
  const setNewDecks = useAction(async (allowed: boolean) => {
    status.setData(await api.call('ankiconnect.configure', { new_decks: allowed }));
  });
  const saveRoles = useAction(async () => {
    const field_roles = Object.fromEntries(rows.filter((r) => r.field.trim()).map((r) => [r.field.trim(), r.role]));
    status.setData(await api.call('ankiconnect.configure', { field_roles }));
    toast('success', t('ankiconnect.saved'));
  });

  return {
    status: status.data,
    error: status.error,
    rows,
    setRow: (i: number, row: Partial<RoleRow>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...row } : r))),
    addRow: () => setRows((all) => [...all, { field: '', role: 'term' }]),
    removeRow: (i: number) => setRows((all) => all.filter((_, j) => j !== i)),
    setPort,
    setNewDecks,
    saveRoles,
  };
}
