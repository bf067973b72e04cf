// Runs in: renderer. Settings card "Sentence translation" (docs/translation.md): which services translate a sentence
// in the reader, in which order, into which language, and the cache of their answers (count, list, clear). Keys are typed
// here and never shown again: the server says only whether each is set.
import { useEffect, useState } from 'react';
import {
  TRANSLATION_PROVIDERS,
  type ProviderInput,
  type TranslationProviderKind,
  type TranslationSettings as Stored,
} from '../../../src-shared/contract/translation';
import { api } from '../../api/client';
import { Field } from '../../components/Page';
import { showError } from '../../lib/errors';
import { t } from '../../lib/i18n';
import { useAction } from '../../lib/useAction';
import { useCall } from '../../lib/useCall';
import { ProviderFields, type ProviderRow } from './TranslationProviderFields';
import { KeptTranslations } from './KeptTranslations';
import { confirmDialog, toast } from '../../stores/ui';
import './translation.css';

type Row = ProviderRow;

/** The stored providers first, in their order, then the kinds not in use. */
function rowsOf(stored: Stored): Row[] {
  const used: Row[] = stored.providers.map((p) => ({ ...p, on: true, key: '', keySet: p.key === 'set' }));
  const rest = TRANSLATION_PROVIDERS.filter((k) => !used.some((r) => r.kind === k)).map((kind) => ({
    kind,
    on: false,
    url: '',
    model: '',
    prompt: '',
    key: '',
    keySet: false,
  }));
  return [...used, ...rest];
}

export function TranslationSettings() {
  const stored = useCall('translation.settings', {});
  const [rows, setRows] = useState<Row[]>([]);
  const [target, setTarget] = useState('en');
  useEffect(() => {
    if (!stored.data) return;
    setRows(rowsOf(stored.data));
    setTarget(stored.data.target);
  }, [stored.data]);

  const change = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  const moveUp = (i: number) => setRows((rs) => (i === 0 ? rs : [...rs.slice(0, i - 1), rs[i], rs[i - 1], ...rs.slice(i + 1)]));

  const save = useAction(async (forgetKey?: TranslationProviderKind) => {
    const providers: ProviderInput[] = rows
      .filter((r) => r.on)
      .map((r) => ({
        kind: r.kind,
        url: r.url.trim(),
        model: r.model.trim(),
        prompt: r.prompt,
        ...(forgetKey === r.kind ? { key: '' } : r.key.trim() ? { key: r.key.trim() } : {}),
      }));
    stored.setData(await api.call('translation.saveSettings', { providers, target: target.trim() || 'en' }));
    toast('success', t('translation.saved'));
  });

  async function clear() {
    const ok = await confirmDialog({
      title: t('translation.clearTitle'),
      message: t('translation.clearMessage', { count: stored.data?.cached ?? 0 }),
      danger: true,
    });
    if (!ok) return;
    try {
      await api.call('translation.clearCache', {});
      stored.reload();
    } catch (err) {
      showError(err);
    }
  }

  return (
    <section className="card form-grid" data-testid="translation-settings">
      <h2>{t('translation.title')}</h2>
      <p className="field-hint">{t('translation.hint')}</p>
      {rows.map((r, i) => (
        <ProviderFields
          key={r.kind}
          row={r}
          first={i === 0}
          change={(patch) => change(i, patch)}
          moveUp={() => moveUp(i)}
          forgetKey={() => void save.run(r.kind)}
        />
      ))}
      <Field label={t('translation.target')} hint={t('translation.targetHint')}>
        <input className="input" value={target} onChange={(e) => setTarget(e.target.value)} maxLength={10} spellCheck={false} />
      </Field>
      <div className="form-actions">
        <button className="btn btn-primary" disabled={save.busy || !stored.data} onClick={() => void save.run()}>
          {t('translation.save')}
        </button>
      </div>
      <p className="field-hint" role="status">
        {t('translation.cached', { count: stored.data?.cached ?? 0 })}{' '}
        {!!stored.data?.cached && (
          <button type="button" className="btn btn-small" onClick={() => void clear()}>
            {t('translation.clear')}
          </button>
        )}
      </p>
      {!!stored.data?.cached && (
        <details className="kept-translations-details">
          <summary>{t('translation.showKept')}</summary>
          <KeptTranslations onChanged={stored.reload} />
        </details>
      )}
    </section>
  );
}
