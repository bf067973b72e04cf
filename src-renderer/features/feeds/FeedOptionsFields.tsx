// Runs in: renderer. The feed wizard's last step: the feed's name and language and its options (automatic
// refresh, where article text comes from, how many articles and texts are kept, a tag for its texts, charset).
import type { ReactNode } from 'react';
import { LanguagePicker } from '../../components/LanguagePicker';
import type { AutoupdateUnit, FeedOptions } from '../../../src-shared/feeds/options';
import { Field } from '../../components/Page';
import { t } from '../../lib/i18n';

export function FeedOptionsFields({
  name,
  onName,
  languageId,
  onLanguage,
  languageHint,
  options,
  setOpt,
}: {
  /** What the feed declares (DeclaredLanguage), under the language picker. */
  languageHint?: ReactNode;
  name: string;
  onName(name: string): void;
  languageId: number | '';
  onLanguage(id: number | ''): void;
  options: FeedOptions;
  setOpt<K extends keyof FeedOptions>(key: K, value: FeedOptions[K]): void;
}) {
  return (
    <div className="options-grid">
      <Field label={t('feedWizard.nameLabel')}>
        <input className="input" value={name} maxLength={200} onChange={(e) => onName(e.target.value)} />
      </Field>
      {/* The feed's declared language is said below the picker, outside its label: the label names the select
          ("Language") and holds no button. */}
      <div>
        <Field label={t('feeds.language')}>
          <LanguagePicker value={languageId} onChange={onLanguage} placeholder={t('feedWizard.languagePlaceholder')} label={t('feeds.language')} />
        </Field>
        {languageHint && (
          <p className="field-hint" data-testid="feed-declared-language">
            {languageHint}
          </p>
        )}
      </div>
      <Field label={t('feedWizard.autoRefreshLabel')} hint={t('feedWizard.autoRefreshHint')}>
        <div className="inline-fields">
          <select
            aria-label={t('feedWizard.autoRefreshLabel')}
            value={options.autoupdate ? 'on' : 'off'}
            onChange={(e) => setOpt('autoupdate', e.target.value === 'on' ? { n: 6, unit: 'h' } : null)}
          >
            <option value="off">{t('feedWizard.autoRefreshOff')}</option>
            <option value="on">{t('feedWizard.autoRefreshOn')}</option>
          </select>
          {options.autoupdate && (
            <>
              <input
                className="input narrow"
                type="number"
                min={1}
                max={999}
                aria-label={t('feedWizard.intervalLabel')}
                value={options.autoupdate.n}
                onChange={(e) => setOpt('autoupdate', { n: Math.max(1, Number(e.target.value) || 1), unit: options.autoupdate!.unit })}
              />
              <select
                aria-label={t('feedWizard.intervalUnitLabel')}
                value={options.autoupdate.unit}
                onChange={(e) => setOpt('autoupdate', { n: options.autoupdate!.n, unit: e.target.value as AutoupdateUnit })}
              >
                <option value="h">{t('feedWizard.unitHours')}</option>
                <option value="d">{t('feedWizard.unitDays')}</option>
                <option value="w">{t('feedWizard.unitWeeks')}</option>
              </select>
            </>
          )}
        </div>
      </Field>
      <Field label={t('feedWizard.textSourceLabel')}>
        <select value={options.article_source} onChange={(e) => setOpt('article_source', e.target.value as FeedOptions['article_source'])}>
          <option value="auto">{t('feedWizard.textSourceAuto')}</option>
          <option value="feed">{t('feedWizard.textSourceFeed')}</option>
          <option value="page">{t('feedWizard.textSourcePage')}</option>
        </select>
      </Field>
      <Field label={t('feedWizard.keepLabel')} hint={t('feedWizard.keepHint')}>
        <OptionalCount value={options.max_links} onChange={(n) => setOpt('max_links', n)} />
      </Field>
      <Field label={t('feedWizard.perImportLabel')} hint={t('feedWizard.perImportHint')}>
        <OptionalCount value={options.max_texts} onChange={(n) => setOpt('max_texts', n)} />
      </Field>
      <Field label={t('feedWizard.tagLabel')} hint={t('feedWizard.tagHint')}>
        <input className="input" maxLength={20} value={options.tag} onChange={(e) => setOpt('tag', e.target.value.replace(/[,=]/g, ''))} />
      </Field>
      <Field label={t('feedWizard.charsetLabel')} hint={t('feedWizard.charsetHint')}>
        <input
          className="input narrow"
          placeholder={t('feedWizard.charsetPlaceholder')}
          value={options.charset}
          onChange={(e) => setOpt('charset', e.target.value.trim())}
        />
      </Field>
    </div>
  );
}

/** A whole number of at least 1, or empty for "no limit" (null). */
function OptionalCount({ value, onChange }: { value: number | null; onChange(n: number | null): void }) {
  return (
    <input
      className="input narrow"
      type="number"
      min={1}
      value={value ?? ''}
      onChange={(e) => onChange(Number(e.target.value) > 0 ? Math.floor(Number(e.target.value)) : null)}
    />
  );
}
