// Runs in: renderer. The feed wizard's word on the language the feed declares (issue 51): "The feed says: Polish",
// and when no language of the learner's matches, a button that creates it from its preset (as the book import
// says what the book declares) and chooses it.
import { api } from '../../api/client';
import { currentLocale, t } from '../../lib/i18n';
import { languageName, presetFields } from '../../lib/i18n/curated';
import { useAction } from '../../lib/useAction';
import { useApp } from '../../stores/app';
import { languageFor } from './useFeedWizard';

export function DeclaredLanguage({ declared, onCreated }: { declared: string; onCreated(id: number): void }) {
  const languages = useApp((s) => s.languages);
  const reloadLanguages = useApp((s) => s.reloadLanguages);
  const primary = declared.toLowerCase().split('-')[0];
  const name = languageName(primary, currentLocale());
  const create = useAction(async () => {
    const preset = (await api.call('languages.presets', {})).find((p) => p.LgIsoCode.toLowerCase().split('-')[0] === primary);
    if (!preset) throw new Error(t('feedWizard.noPreset', { language: name }));
    const created = await api.call('languages.create', presetFields(preset, currentLocale()));
    await reloadLanguages();
    onCreated(created.LgID);
  });
  if (!declared) return <>{t('feedWizard.feedSilent')}</>;
  if (languageFor(declared, languages) !== null) return <>{t('feedWizard.feedSays', { language: name })}</>;
  return (
    <>
      {t('feedWizard.feedSaysNoMatch', { language: name })}{' '}
      <button type="button" className="btn btn-small" disabled={create.busy} onClick={() => void create.run()}>
        {t('feedWizard.addLanguage', { language: name })}
      </button>
    </>
  );
}
