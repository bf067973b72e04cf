// Runs in: renderer. The feeds page's OPML import card: a feed list file, its feeds added in the chosen language.
import { useState } from 'react';
import { api } from '../../api/client';
import { attempt } from '../../lib/errors';
import { useApp } from '../../stores/app';
import { toast } from '../../stores/ui';
import { FileDrop } from '../../components/FileDrop';
import { LanguagePicker } from '../../components/LanguagePicker';
import { t } from '../../lib/i18n';

export function OpmlImport({ onImported }: { onImported(): void }) {
  const currentLanguageId = useApp((s) => s.currentLanguageId);
  const [opmlLanguage, setOpmlLanguage] = useState<number | ''>(currentLanguageId ?? '');

  async function importOpml(file: File) {
    if (!opmlLanguage) return toast('error', t('feeds.chooseTheLanguageOf'));
    const r = await attempt(() => api.call('feeds.importOpml', { language_id: opmlLanguage, file }));
    if (r) {
      toast('success', r.skipped ? t('feeds.opmlAddedSkipped', { count: r.created, skipped: r.skipped }) : t('feeds.opmlAdded', { count: r.created }));
      onImported();
    }
  }

  return (
    <section className="card opml-import">
      <div className="card-header">
        <h2>{t('feeds.importAFeedList')}</h2>
      </div>
      <div className="opml-row">
        <LanguagePicker value={opmlLanguage} onChange={setOpmlLanguage} placeholder={t('feeds.language2')} label={t('feeds.languageOfTheImported')} />
        <FileDrop variant="button" accept=".opml,.xml,text/xml" prompt={t('feeds.chooseOpmlFile')} onFiles={([f]) => void importOpml(f)} />
      </div>
    </section>
  );
}
