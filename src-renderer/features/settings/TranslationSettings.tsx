// Runs in: renderer. Settings card "Sentence translation" (docs/translation.md): which services translate a sentence
// in the reader, in which order, into which language, and the cache of their answers (count, clear). Keys are typed
// here and never shown again: the server says only whether each is set.
import { useEffect, useState } from 'react';
import {
  DEFAULT_TRANSLATION_PROMPT,
  TRANSLATION_PROVIDERS,
  type ProviderInput,
  type TranslationProviderKind,
  type TranslationSettings as Stored,
} from '../../../src-shared/contract/translation';
import { api } from '../../api/client';
import { Field } from '../../components/Page';
import { showError } from '../../lib/errors';
import { t, type MessageKey } from '../../lib/i18n';
import { useCall } from '../../lib/useCall';
import { confirmDialog, toast } from '../../stores/ui';
import './translation.css';

interface Row {
  kind: TranslationProviderKind;
  on: boolean;
  url: string;
  model: string;
  prompt: string;
  /** What is typed in the key field ('' leaves the stored key as it is). */
  key: string;
  keySet: boolean;
}

const NAMES: Record<TranslationProviderKind, MessageKey> = {
  libretranslate: 'translation.libretranslate',
  deepl: 'translation.deepl',
  openai: 'translation.openai',
};

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
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!stored.data) return;
    setRows(rowsOf(stored.data));
    setTarget(stored.data.target);
  }, [stored.data]);

  const change = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  const moveUp = (i: number) => setRows((rs) => (i === 0 ? rs : [...rs.slice(0, i - 1), rs[i], rs[i - 1], ...rs.slice(i + 1)]));

  async function save(forgetKey?: TranslationProviderKind) {
    setSaving(true);
    try {
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
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  }

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
        <fieldset key={r.kind} className={`translation-provider${r.on ? '' : ' off'}`}>
          <legend>
            <label className="check">
              <input type="checkbox" checked={r.on} onChange={(e) => change(i, { on: e.target.checked })} />
              {t(NAMES[r.kind])}
            </label>
            {i > 0 && (
              <button
                type="button"
                className="btn btn-ghost btn-small"
                onClick={() => moveUp(i)}
                aria-label={t('translation.moveUp', { name: t(NAMES[r.kind]) })}
              >
                ↑
              </button>
            )}
          </legend>
          {r.on && (
            <>
              {r.kind !== 'deepl' && (
                <Field label={t('translation.url')} hint={t(r.kind === 'openai' ? 'translation.urlHintOpenai' : 'translation.urlHintLibre')}>
                  <input className="input" type="url" value={r.url} onChange={(e) => change(i, { url: e.target.value })} spellCheck={false} />
                </Field>
              )}
              {r.kind === 'openai' && (
                <>
                  <Field label={t('translation.model')}>
                    <input className="input" value={r.model} onChange={(e) => change(i, { model: e.target.value })} spellCheck={false} />
                  </Field>
                  <Field label={t('translation.prompt')} hint={t('translation.promptHint')}>
                    <textarea
                      className="input"
                      rows={3}
                      value={r.prompt}
                      placeholder={DEFAULT_TRANSLATION_PROMPT}
                      onChange={(e) => change(i, { prompt: e.target.value })}
                    />
                  </Field>
                </>
              )}
              <Field label={t('translation.key')} hint={t(r.keySet ? 'translation.keySet' : 'translation.keyNotSet')}>
                <input className="input" type="password" value={r.key} onChange={(e) => change(i, { key: e.target.value })} autoComplete="off" />
              </Field>
              {r.keySet && (
                <button type="button" className="btn btn-ghost btn-small" onClick={() => void save(r.kind)}>
                  {t('translation.forgetKey')}
                </button>
              )}
            </>
          )}
        </fieldset>
      ))}
      <Field label={t('translation.target')} hint={t('translation.targetHint')}>
        <input className="input" value={target} onChange={(e) => setTarget(e.target.value)} maxLength={10} spellCheck={false} />
      </Field>
      <div className="form-actions">
        <button className="btn btn-primary" disabled={saving || !stored.data} onClick={() => void save()}>
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
    </section>
  );
}
