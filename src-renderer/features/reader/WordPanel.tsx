// Runs in: renderer. The word panel: a term's translation, romanization, notes, lemma, tags, example
// sentence and status, saved through /api/v1/terms/quick (or /terms/multi for a selection). Compact so the
// first dictionary answer shows without scrolling: the rarely used fields (and the lemma unless set) fold
// away behind "More fields" (issue 32). State and saving: useWordPanel.
import { TermMedia } from './TermMedia';
import DictionaryEntries from '../dictionaries/DictionaryEntries';
import { LemmaSuggestion } from '../lemmas/LemmaSuggestion';
import { WebDictionaries } from './WebDictionaries';
import { WordTranslationSuggestion } from './WordTranslationSuggestion';
import './reading-flow.css';
import { t } from '../../lib/i18n';
import { PanelHead, PanelKeys, StatusButtons } from './WordPanelParts';
import { useWordPanel, type WordPanelProps } from './useWordPanel';
import { WordCorrection } from './WordCorrection';

export function WordPanel(props: WordPanelProps) {
  const { view, target, onClose, onOpenPart, voice = null } = props;
  const panel = useWordPanel(props);
  return (
    <aside className="word-panel" aria-label={t('wordPanel.label')} onKeyDown={panel.onKeyDown}>
      <PanelHead view={view} target={target} isTerm={panel.term !== null} voice={voice} onClose={onClose} onTranslateSentence={props.onTranslateSentence} />
      {target.parts && target.parts.length > 0 && (
        <div className="word-panel-parts" aria-label={t('wordPanel.parts')}>
          {target.parts.map((p) => (
            <button key={p.index} className="chip" onClick={() => onOpenPart(p.index)}>
              {p.text}
            </button>
          ))}
        </div>
      )}
      {props.onCorrected && <WordCorrection view={view} target={target} onCorrected={props.onCorrected} />}
      <StatusButtons
        status={panel.status}
        disabled={panel.saving || panel.loading}
        onPick={(s) => {
          panel.setStatus(s);
          void panel.save(s);
        }}
      />
      {panel.loading ? (
        <p className="muted">{t('wordPanel.loading')}</p>
      ) : (
        <form
          className="word-form"
          onSubmit={(e) => {
            e.preventDefault();
            void panel.save();
          }}
        >
          <label className="field">
            <span className="field-label">{t('wordPanel.translation')}</span>
            <textarea
              ref={panel.translationRef}
              className="input"
              rows={2}
              value={panel.form.WoTranslation}
              onChange={panel.set('WoTranslation')}
              aria-label={t('wordPanel.translation')}
            />
          </label>
          <WordTranslationSuggestion key={target.sentence} panel={panel} target={target} />
          {/* Folded: the row shows for "More fields", or for its lemma once the term has one. */}
          <div className="word-form-row" hidden={!panel.more && !panel.term?.WoLemma && !panel.form.lemmaAuto}>
            <label className="field" hidden={!panel.more}>
              <span className="field-label">{t('wordPanel.romanization')}</span>
              <input className="input" value={panel.form.WoRomanization} onChange={panel.set('WoRomanization')} />
            </label>
            <label className="field">
              <span className="field-label">
                {t('wordPanel.lemma')}{' '}
                {panel.form.lemmaAuto && (
                  <span className="chip lemma-auto-badge" title={t('lemmas.automaticWhy')}>
                    {t('lemmas.automatic')}
                  </span>
                )}
              </span>
              <input
                className="input"
                value={panel.form.WoLemma}
                onChange={(e) => panel.setForm({ ...panel.form, WoLemma: e.target.value, lemmaAuto: false })}
                placeholder={panel.term?.WoLemma ?? ''}
              />
            </label>
          </div>
          <LemmaSuggestion
            languageId={panel.languageId}
            word={target.text}
            stored={panel.term?.WoLemma ?? null}
            typed={panel.form.WoLemma}
            onUse={(lemma) => panel.setForm((f) => ({ ...f, WoLemma: lemma, lemmaAuto: false }))}
            onAutomatic={panel.fillAutomaticLemma}
          />
          <div id="word-form-more" className="word-form-more" hidden={!panel.more}>
            <label className="field">
              <span className="field-label">{t('wordPanel.notes')}</span>
              <textarea className="input" rows={2} value={panel.form.WoNotes} onChange={panel.set('WoNotes')} />
            </label>
            <label className="field">
              <span className="field-label">{t('wordPanel.tags')}</span>
              <input className="input" value={panel.form.tags} onChange={panel.set('tags')} placeholder={t('wordPanel.tagsPlaceholder')} />
            </label>
            <label className="field">
              <span className="field-label">{t('wordPanel.sentence')}</span>
              <textarea
                className="input"
                rows={2}
                value={panel.form.WoSentence}
                onChange={panel.set('WoSentence')}
                dir={view.language.LgRightToLeft ? 'rtl' : undefined}
              />
            </label>
          </div>
          <TermMedia media={panel.term?.TermMedia} />
          <div className="form-actions">
            <button
              type="button"
              className="btn btn-ghost btn-small word-form-more-toggle"
              aria-expanded={panel.more}
              aria-controls="word-form-more"
              title={t('panel.moreFieldsTitle')}
              onClick={panel.toggleMore}
            >
              {panel.more ? t('panel.fewerFields') : t('panel.moreFields')}
            </button>
            {panel.term && (
              <button type="button" className="btn btn-ghost btn-danger-ghost" onClick={() => void panel.remove()}>
                {t('wordPanel.delete')}
              </button>
            )}
            <button type="submit" className="btn btn-primary" disabled={panel.saving}>
              {panel.saving ? t('wordPanel.saving') : t('wordPanel.save')} <kbd>↵</kbd>
            </button>
          </div>
          {panel.more && <PanelKeys />}
        </form>
      )}
      {/* The local entries first: they answer at once, above a web dictionary's frame. */}
      <section className="word-panel-dicts">
        <DictionaryEntries
          languageId={panel.languageId}
          term={target.text}
          lemma={panel.term?.WoLemma ?? null}
          bySense
          onPick={(definition) => panel.setForm((f) => ({ ...f, WoTranslation: f.WoTranslation ? `${f.WoTranslation}; ${definition}` : definition }))}
        />
        <WebDictionaries view={view} word={target.text} sentence={target.sentence} />
      </section>
    </aside>
  );
}
