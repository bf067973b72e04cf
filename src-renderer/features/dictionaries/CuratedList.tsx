// Runs in: renderer. The curated catalogue's free dictionaries for a language, each downloaded and imported with
// one click; a failed download is said under its own entry with Retry.
import { useState } from 'react';
import type { CuratedDictionaryDto } from '../../../src-shared/contract/dictionaries';
import { api } from '../../api/client';
import { ErrorLine } from '../../components/ErrorLine';
import { ProgressBar } from '../../components/Page';
import { errorMessageNaming } from '../../lib/errors';
import { t, useLocale } from '../../lib/i18n';
import { curatedDictionaryText } from '../../lib/i18n/curated';
import { useCall } from '../../lib/useCall';
import { toast } from '../../stores/ui';

export function CuratedList({ languageId, onImported }: { languageId: number; onImported(): void }) {
  // The catalogue is optional help: a failed load shows nothing.
  const items = useCall('dictionaries.curated', { language_id: languageId }).data;
  const locale = useLocale((s) => s.locale);
  const [busy, setBusy] = useState<string | null>(null);
  // A failed download is said under its own entry, with Retry (offline is the usual cause).
  const [failed, setFailed] = useState<{ id: string; error: string } | null>(null);

  async function download(item: CuratedDictionaryDto) {
    setBusy(item.id);
    setFailed(null);
    try {
      const summary = await api.call('dictionaries.importCurated', { language_id: languageId, catalogue_id: item.id });
      // The catalogue's name in the interface language (the stored dictionary keeps the catalogue's English one).
      toast('success', t('dict.headwordsImported', { name: curatedDictionaryText(item, locale).name, count: summary.imported }));
      onImported();
    } catch (err) {
      setFailed({ id: item.id, error: errorMessageNaming(err, curatedDictionaryText(item, locale).name) });
    } finally {
      setBusy(null);
    }
  }

  if (!items || items.length === 0) return null;
  return (
    <section className="card">
      <div className="card-header">
        <h2>{t('dict.freeDictionariesForThis')}</h2>
      </div>
      <ul className="curated-list">
        {items.map((c) => (
          <li key={c.id}>
            <div>
              <strong>{curatedDictionaryText(c, locale).name}</strong>
              <div className="dict-meta">
                {curatedDictionaryText(c, locale).description} {t('dict.curatedLicence', { license: c.license, attribution: c.attribution })}
              </div>
              {busy === c.id && <ProgressBar value={null} label={t('dict.downloadingAndImporting')} />}
              {failed?.id === c.id && <ErrorLine error={failed.error} onRetry={() => void download(c)} />}
            </div>
            <button className="btn btn-small" disabled={busy !== null} onClick={() => void download(c)}>
              {t('dict.download')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
