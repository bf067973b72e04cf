// Runs in: renderer. /anki: export a language (or the terms passed in ?marked=1,2,3) to an .apkg, and the two
// ways back in. Mod+E exports.
import { useEffect, useState } from 'react';
import { api, saveFile } from '../../api/client';
import { showError } from '../../lib/errors';
import { Link, navigate, useQuery } from '../../lib/router';
import { EmptyState, Field, Page, ProgressBar } from '../../components/Page';
import { useHotkeys } from '../../components/hotkeys';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { ApkgPicker } from './FilePicker';
import { useAnki } from './store';
import './anki.css';
import { countOf } from '../../lib/plural';

export default function AnkiPage() {
  const { languages, currentLanguageId } = useApp();
  const query = useQuery();
  const marked = (query.get('marked') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const [languageId, setLanguageId] = useState<number | null>(currentLanguageId);
  const [onlyMarked, setOnlyMarked] = useState(marked.length > 0);
  const [busy, setBusy] = useState(false);
  const runReimport = useAnki((s) => s.runReimport);
  const setDeckFile = useAnki((s) => s.setDeckFile);

  useEffect(() => {
    if (languageId === null && currentLanguageId !== null) setLanguageId(currentLanguageId);
  }, [currentLanguageId, languageId]);

  async function exportDeck() {
    if (languageId === null || busy) return;
    setBusy(true);
    try {
      const file =
        onlyMarked && marked.length
          ? await api.call('apkg.exportSelection', { lang_id: languageId, marked })
          : await api.call('apkg.export', { lang_id: languageId });
      saveFile(file);
      toast('success', `Saved ${file.filename}`);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  }
  useHotkeys({ 'Mod+e': () => void exportDeck() });

  if (languages.length === 0) {
    return (
      <Page title="Anki">
        <EmptyState
          title="No languages yet"
          action={
            <Link className="btn btn-primary" to="/languages/new">
              Add a language
            </Link>
          }
        >
          Anki decks are made from the terms of a language.
        </EmptyState>
      </Page>
    );
  }

  return (
    <Page title="Anki" subtitle="Study your vocabulary in Anki or AnkiDroid, and bring your changes back.">
      <div className="anki-grid">
        <section className="card" aria-labelledby="anki-export">
          <h2 id="anki-export">Export to Anki</h2>
          <p>
            One card per term in the deck Lectio::{languages.find((l) => l.LgID === languageId)?.LgName ?? '…'}. Ignored and well-known terms arrive suspended.
            Importing again into Anki updates the same notes.
          </p>
          <Field label="Language">
            <select className="input" value={languageId ?? ''} onChange={(e) => setLanguageId(Number(e.target.value))} aria-label="Language to export">
              {languages.map((l) => (
                <option key={l.LgID} value={l.LgID}>
                  {l.LgName}
                </option>
              ))}
            </select>
          </Field>
          {marked.length > 0 && (
            <label className="check">
              <input type="checkbox" checked={onlyMarked} onChange={(e) => setOnlyMarked(e.target.checked)} />
              Only the {countOf(marked.length, 'selected term')}
            </label>
          )}
          {busy && <ProgressBar value={null} label="Building the package…" />}
          <div className="form-actions">
            <button type="button" className="btn btn-primary" onClick={() => void exportDeck()} disabled={busy || languageId === null}>
              Export .apkg <kbd>Ctrl E</kbd>
            </button>
          </div>
        </section>

        <section className="card" aria-labelledby="anki-back">
          <h2 id="anki-back">Bring changes back</h2>
          <p>Export the deck from Anki (File → Export → Anki Deck Package) and drop it here: edits, tags and suspended cards flow back to your terms.</p>
          <ApkgPicker
            label="Drop the package from Anki"
            onFile={(file) => {
              navigate('/vocabulary/apkg/import');
              void runReimport(file);
            }}
          />
        </section>

        <section className="card" aria-labelledby="anki-deck">
          <h2 id="anki-deck">Create terms from any deck</h2>
          <p>
            Shared decks and your own decks work too: pick the field that holds the word, and Lectio creates the terms it does not know yet, with a status from
            your Anki progress.
          </p>
          <ApkgPicker
            label="Drop a deck to import"
            onFile={(file) => {
              setDeckFile(file);
              navigate('/anki/import-deck');
            }}
          />
        </section>
      </div>
    </Page>
  );
}
