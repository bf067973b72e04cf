// Runs in: renderer. One provider of the "Sentence translation" settings card (TranslationSettings.tsx): on/off,
// its place in the order, and the fields its kind needs (address, model and prompt, key).
import { DEFAULT_TRANSLATION_PROMPT, type TranslationProviderKind } from '../../../src-shared/contract/translation';
import { Field } from '../../components/Page';
import { t, type MessageKey } from '../../lib/i18n';

export interface ProviderRow {
  kind: TranslationProviderKind;
  on: boolean;
  url: string;
  model: string;
  prompt: string;
  /** What is typed in the key field ('' leaves the stored key as it is). */
  key: string;
  keySet: boolean;
}

export const PROVIDER_NAMES: Record<TranslationProviderKind, MessageKey> = {
  libretranslate: 'translation.libretranslate',
  deepl: 'translation.deepl',
  openai: 'translation.openai',
};

export function ProviderFields({
  row: r,
  first,
  change,
  moveUp,
  forgetKey,
}: {
  row: ProviderRow;
  first: boolean;
  change: (patch: Partial<ProviderRow>) => void;
  moveUp: () => void;
  forgetKey: () => void;
}) {
  return (
    <fieldset className={`translation-provider${r.on ? '' : ' off'}`}>
      <legend>
        <label className="check">
          <input type="checkbox" checked={r.on} onChange={(e) => change({ on: e.target.checked })} />
          {t(PROVIDER_NAMES[r.kind])}
        </label>
        {!first && (
          <button type="button" className="btn btn-ghost btn-small" onClick={moveUp} aria-label={t('translation.moveUp', { name: t(PROVIDER_NAMES[r.kind]) })}>
            ↑
          </button>
        )}
      </legend>
      {r.on && (
        <>
          {r.kind !== 'deepl' && (
            <Field label={t('translation.url')} hint={t(r.kind === 'openai' ? 'translation.urlHintOpenai' : 'translation.urlHintLibre')}>
              <input className="input" type="url" value={r.url} onChange={(e) => change({ url: e.target.value })} spellCheck={false} />
            </Field>
          )}
          {r.kind === 'openai' && (
            <>
              <Field label={t('translation.model')}>
                <input className="input" value={r.model} onChange={(e) => change({ model: e.target.value })} spellCheck={false} />
              </Field>
              <Field label={t('translation.prompt')} hint={t('translation.promptHint')}>
                <textarea
                  className="input"
                  rows={3}
                  value={r.prompt}
                  placeholder={DEFAULT_TRANSLATION_PROMPT}
                  onChange={(e) => change({ prompt: e.target.value })}
                />
              </Field>
            </>
          )}
          <Field label={t('translation.key')} hint={t(r.keySet ? 'translation.keySet' : 'translation.keyNotSet')}>
            <input className="input" type="password" value={r.key} onChange={(e) => change({ key: e.target.value })} autoComplete="off" />
          </Field>
          {r.keySet && (
            <button type="button" className="btn btn-ghost btn-small" onClick={forgetKey}>
              {t('translation.forgetKey')}
            </button>
          )}
        </>
      )}
    </fieldset>
  );
}
