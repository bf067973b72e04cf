// Runs in: renderer. The inline form that creates an empty dictionary (N on the dictionaries page opens it).
import { useState, type RefObject } from 'react';
import { api } from '../../api/client';
import { showError } from '../../lib/errors';
import { t } from '../../lib/i18n';

export function NewDictionaryForm({
  languageId,
  inputRef,
  onCreated,
  onClose,
}: {
  languageId: number | null;
  inputRef: RefObject<HTMLInputElement | null>;
  onCreated(): void;
  onClose(): void;
}) {
  const [newName, setNewName] = useState('');

  async function create() {
    if (languageId === null || !newName.trim()) return;
    try {
      await api.call('dictionaries.create', { LdLgID: languageId, LdName: newName.trim() });
      setNewName('');
      onClose();
      onCreated();
    } catch (err) {
      showError(err);
    }
  }

  return (
    <form
      className="card dict-new"
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <input
        ref={inputRef}
        className="input"
        autoFocus
        placeholder={t('dict.nameOfTheNew')}
        aria-label={t('dict.newDictionaryName')}
        value={newName}
        maxLength={100}
        onChange={(e) => setNewName(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      />
      <button className="btn btn-primary" type="submit" disabled={!newName.trim()}>
        {t('dict.create')}
      </button>
      <button className="btn btn-ghost" type="button" onClick={onClose}>
        {t('dict.cancel')}
      </button>
    </form>
  );
}
