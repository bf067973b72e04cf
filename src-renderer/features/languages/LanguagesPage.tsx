// Runs in: renderer. Languages: list, create from a preset, edit, delete with confirmation.
import { useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { Link } from '../../lib/router';
import { EmptyState, Page } from '../../components/Page';
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
      toast('error', errorMessage(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Page title="Languages" subtitle="The languages you learn and how their texts are split into words." actions={<Link className="btn btn-primary" to="/languages/new">Add language</Link>}>
      {languages.length === 0 ? (
        <EmptyState title="No languages yet" action={<Link className="btn btn-primary" to="/languages/new">Add your first language</Link>}>
          Choose from over 40 presets (German, Japanese, Arabic, …) or set one up yourself.
        </EmptyState>
      ) : (
        <table className="table" aria-label="Languages">
          <thead>
            <tr>
              <th>Name</th>
              <th>Code</th>
              <th>Parser</th>
              <th>Direction</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {languages.map((l) => (
              <tr key={l.LgID} className={l.LgID === currentLanguageId ? 'row-current' : undefined}>
                <td>
                  <strong>{l.LgName}</strong>
                  {l.LgID === currentLanguageId && <span className="badge">current</span>}
                </td>
                <td>{l.LgIsoCode || '—'}</td>
                <td>{PARSER_LABELS[l.LgParserType]}</td>
                <td>{l.LgRightToLeft ? 'Right to left' : 'Left to right'}</td>
                <td className="row-actions">
                  {l.LgID !== currentLanguageId && (
                    <button className="btn btn-small" onClick={() => setCurrentLanguage(l.LgID)}>Make current</button>
                  )}
                  <Link className="btn btn-small" to={`/languages/${l.LgID}/edit`}>Edit</Link>
                  <button className="btn btn-small btn-danger-ghost" disabled={busy === l.LgID} onClick={() => void remove(l.LgID, l.LgName)}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Page>
  );
}
