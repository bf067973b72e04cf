// Runs in: renderer. /anki: export a language (or the terms passed in ?marked=1,2,3) to an .apkg, and the two
// ways back in. Mod+E exports.
import { LanguagePicker } from '../../components/LanguagePicker';
import { useEffect, useState } from 'react';
import { api, saveFile } from '../../api/client';
import { useAction } from '../../lib/useAction';
import { navigate, useQuery } from '../../lib/router';
import { NoLanguageYet } from '../../components/NeedsLanguage';
import { Field, Page, ProgressBar } from '../../components/Page';
import { useHotkeys } from '../../components/hotkeys';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { FileDrop } from '../../components/FileDrop';
import { useAnki } from './store';
import './anki.css';
import { t } from '../../lib/i18n';

export default function AnkiPage() {
  const { languages, currentLanguageId } = useApp();
  const query = useQuery();
  const marked = (query.get('marked') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const [languageId, setLanguageId] = useState<number | null>(currentLanguageId);
  const [onlyMarked, setOnlyMarked] = useState(marked.length > 0);
  const runReimport = useAnki((s) => s.runReimport);
  const setDeckFile = useAnki((s) => s.setDeckFile);

  useEffect(() => {
    if (languageId === null && currentLanguageId !== null) setLanguageId(currentLanguageId);
  }, [currentLanguageId, languageId]);

  // Errors go to a toast (useAction's default); a second Mod+E while one runs is ignored.
  const exporting = useAction(async (language: number) => {
    const file =
      onlyMarked && marked.length
        ? await api.call('apkg.exportSelection', { lang_id: language, marked })
        : await api.call('apkg.export', { lang_id: language });
    saveFile(file);
    toast('success', t('common.saved', { file: file.filename }));
  });
  const busy = exporting.busy;
  const exportDeck = () => {
    if (languageId !== null) void exporting.run(languageId);
  };
  useHotkeys({ 'Mod+e': exportDeck });

  if (languages.length === 0) {
    return (
      <Page title={t('anki.anki')}>
        <NoLanguageYet>{t('anki.ankiDecksAreMade')}</NoLanguageYet>
      </Page>
    );
  }

  return (
    <Page title={t('anki.anki')} subtitle={t('anki.studyYourVocabularyIn')}>
      <div className="anki-grid">
        <section className="card" aria-labelledby="anki-export">
          <h2 id="anki-export">{t('anki.exportToAnki')}</h2>
          <p>
            {t('anki.oneCard', { deck: `Lectio::${languages.find((l) => l.LgID === languageId)?.LgName ?? '…'}` })} {t('anki.importingAgainIntoAnki')}
          </p>
          <Field label={t('anki.language')}>
            <LanguagePicker
              className="input"
              value={languageId ?? ''}
              onChange={(id) => setLanguageId(id === '' ? null : id)}
              label={t('anki.languageToExport')}
            />
          </Field>
          {marked.length > 0 && (
            <label className="check">
              <input type="checkbox" checked={onlyMarked} onChange={(e) => setOnlyMarked(e.target.checked)} />
              {t('anki.onlySelected', { count: marked.length })}
            </label>
          )}
          {busy && <ProgressBar value={null} label={t('anki.buildingThePackage')} />}
          <div className="form-actions">
            <button type="button" className="btn btn-primary" onClick={exportDeck} disabled={busy || languageId === null}>
              {t('anki.exportApkg')} <kbd>{t('anki.ctrlE')}</kbd>
            </button>
          </div>
        </section>

        <section className="card" aria-labelledby="anki-back">
          <h2 id="anki-back">{t('anki.bringChangesBack')}</h2>
          <p>{t('anki.exportTheDeckFrom')}</p>
          <FileDrop
            accept=".apkg"
            testId="apkg-file"
            prompt={t('anki.dropThePackageFrom')}
            onFiles={([file]) => {
              navigate('/vocabulary/apkg/import');
              void runReimport(file);
            }}
          />
        </section>

        <section className="card" aria-labelledby="anki-deck">
          <h2 id="anki-deck">{t('anki.createTermsFromAny')}</h2>
          <p>{t('anki.sharedDecksAndYour')}</p>
          <FileDrop
            accept=".apkg"
            testId="apkg-file"
            prompt={t('anki.dropADeckTo')}
            onFiles={([file]) => {
              setDeckFile(file);
              navigate('/anki/import-deck');
            }}
          />
        </section>
      </div>
    </Page>
  );
}
