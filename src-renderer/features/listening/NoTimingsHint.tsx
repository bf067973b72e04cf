// Runs in: renderer. Under the listening bar of a text whose audio has no sentence timings: what to do so the
// text can follow the audio (issue 32) — time the sentences by hand (T), or import subtitles with the audio.
import { Link } from '../../lib/router';
import { t } from '../../lib/i18n';
import { tr } from '../../lib/i18n/rich';

export function NoTimingsHint() {
  return (
    <p className="listening-hint muted small" data-testid="no-timings-hint">
      {t('panel.noTimings')}{' '}
      {tr('panel.noTimingsHow', {
        time: <strong>“{t('lemmas.timeSentences')}”</strong>,
        key: <kbd className="listening-key">T</kbd>,
        subtitles: <Link to="/texts/new/subtitles">{t('panel.importSubtitles')}</Link>,
      })}
    </p>
  );
}
