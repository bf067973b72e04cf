// Runs in: renderer. Languages: list, create from a preset, edit, delete with confirmation.
import { useState } from 'react';
import { api } from '../../api/client';
import { showError } from '../../lib/errors';
import { Link } from '../../lib/router';
import { EmptyState, Page } from '../../components/Page';
import { RowTable } from '../../components/RowTable';
import { useApp } from '../../stores/app';
import { confirmDialog, toast } from '../../stores/ui';

const PARSER_LABELS = { regex: 'Words by letters', character: 'Character by character', morphological: 'Morphological (Japanese)' } as const;

export default function LanguagesPage() {
  const { languages, reloadLanguages, currentLanguageId, setCurrentLanguage } = useApp();
  const [busy, setBusy] = useState<number | null>(null);

  async function remove(id: number, name: string) {
    const ok = await confirmDialog({
      title: `Delete ${name}?`,
      message: `This deletes ${name} with all its texts, terms, dictionaries and books. This cannot be undone.`,
      confirmLabel: `Delete ${name}`,
      danger: true,
    });
    if (!ok) return;
    setBusy(id);
    try {
      await api.call('languages.delete', { id });
      await reloadLanguages();
      toast('success', `${name} deleted`);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Page
      title="Languages"
      subtitle="The languages you learn and how their texts are split into words."
      actions={
        <Link className="btn btn-primary" to="/languages/new">
          Add language
        </Link>
      }
    >
      <RowTable
        rows={languages}
        label="Languages"
        rowKey={(l) => l.LgID}
        rowClassName={(l) => (l.LgID === currentLanguageId ? 'row-current' : undefined)}
        columns={[
          {
            header: 'Name',
            cell: (l) => (
              <>
                <strong>{l.LgName}</strong>
                {l.LgID === currentLanguageId && <span className="badge">current</span>}
              </>
            ),
          },
          { header: 'Code', cell: (l) => l.LgIsoCode || '—' },
          { header: 'Parser', cell: (l) => PARSER_LABELS[l.LgParserType] },
          { header: 'Direction', cell: (l) => (l.LgRightToLeft ? 'Right to left' : 'Left to right') },
        ]}
        actions={[
          { label: 'Make current', run: (l) => setCurrentLanguage(l.LgID), hidden: (l) => l.LgID === currentLanguageId },
          { label: 'Edit', to: (l) => `/languages/${l.LgID}/edit` },
          { label: 'Delete', run: (l) => remove(l.LgID, l.LgName), danger: true, disabled: (l) => busy === l.LgID },
        ]}
        empty={
          <EmptyState
            title="No languages yet"
            action={
              <Link className="btn btn-primary" to="/languages/new">
                Add your first language
              </Link>
            }
          >
            Choose from over 40 presets (German, Japanese, Arabic, …) or set one up yourself.
          </EmptyState>
        }
      />
    </Page>
  );
}
