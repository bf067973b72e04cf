// Runs in: renderer. The dictionaries table; a row shows the name (renamed in place), source format, entry count,
// and its actions (import a file into it, rename, delete).
import { useState } from 'react';
import type { LocalDictionaryDto } from '../../../src-shared/contract/dictionaries';
import { api } from '../../api/client';
import { showError } from '../../lib/errors';
import { formatNumber, t, type MessageKey } from '../../lib/i18n';
import { confirmDialog, toast } from '../../stores/ui';

const FORMAT_LABELS: Partial<Record<string, MessageKey>> = {
  csv: 'dict.csv',
  tsv: 'dict.tsv',
  json: 'dict.json',
  stardict: 'dict.stardict',
  yomitan: 'dict.yomitan',
};

function DictionaryRow({ dict, onChanged, onImport }: { dict: LocalDictionaryDto; onChanged(): void; onImport(d: LocalDictionaryDto): void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(dict.LdName);
  const format = FORMAT_LABELS[dict.LdSourceFormat];

  async function rename() {
    const next = name.trim();
    setEditing(false);
    if (!next || next === dict.LdName) return setName(dict.LdName);
    try {
      await api.call('dictionaries.update', { id: dict.LdID, LdName: next });
      onChanged();
    } catch (err) {
      showError(err);
      setName(dict.LdName);
    }
  }

  async function remove() {
    const ok = await confirmDialog({
      title: t('dict.deleteTitle', { name }),
      message: t('dict.deleteMessage', { count: dict.LdEntryCount }),
      confirmLabel: t('dict.deleteDictionary'),
      danger: true,
    });
    if (!ok) return;
    try {
      await api.call('dictionaries.delete', { id: dict.LdID });
      toast('success', t('dict.deleted', { name: dict.LdName }));
      onChanged();
    } catch (err) {
      showError(err);
    }
  }

  return (
    <tr>
      <td>
        {editing ? (
          <input
            className="input"
            aria-label={t('dict.dictionaryName')}
            autoFocus
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => void rename()}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void rename();
              if (e.key === 'Escape') {
                setName(dict.LdName);
                setEditing(false);
              }
            }}
          />
        ) : (
          // The name as last saved here: a rename shows at once, not the old name until the list is read again.
          <strong className="dict-name">{name}</strong>
        )}
        {(dict.LdDescription || dict.LdLicense) && (
          <div className="dict-meta" title={[dict.LdDescription, dict.LdLicense].filter(Boolean).join('\n')}>
            {[dict.LdDescription, dict.LdLicense]
              .filter(Boolean)
              .join(' · ')
              .replace(/<[^>]*>/g, ' ')}
          </div>
        )}
      </td>
      <td>{format ? t(format) : dict.LdSourceFormat || '—'}</td>
      <td className="num">{formatNumber(dict.LdEntryCount)}</td>
      <td>
        {/* A flex <td> loses its cell borders on rows taller than one line: the flex box goes inside. */}
        <div className="row-actions">
          <button className="btn btn-small" onClick={() => onImport(dict)}>
            {t('dict.importFile')}
          </button>
          <button className="btn btn-small" onClick={() => setEditing(true)}>
            {t('dict.rename')}
          </button>
          <button className="btn btn-small btn-danger-ghost" onClick={() => void remove()}>
            {t('dict.delete')}
          </button>
        </div>
      </td>
    </tr>
  );
}

export function DictionaryTable({
  dictionaries,
  onChanged,
  onImport,
}: {
  dictionaries: LocalDictionaryDto[];
  onChanged(): void;
  onImport(d: LocalDictionaryDto): void;
}) {
  return (
    <table className="table dict-table" aria-label={t('dict.dictionaries')}>
      <thead>
        <tr>
          <th>{t('dict.name')}</th>
          <th>{t('dict.format')}</th>
          <th className="num">{t('dict.entries')}</th>
          <th aria-label={t('dict.actions')} />
        </tr>
      </thead>
      <tbody>
        {dictionaries.map((d) => (
          <DictionaryRow key={`${d.LdID}:${d.LdName}`} dict={d} onChanged={onChanged} onImport={onImport} />
        ))}
      </tbody>
    </table>
  );
}
