// Runs in: renderer. A mined term's media in the word panel (issue 29): its sentence audio, playable, and its picture,
// as Yomitan, asbplayer or mpvacious sent them over AnkiConnect. Nothing shows for a term without media.
import type { TermMediaDto } from '../../../src-shared/contract/terms';
import { t } from '../../lib/i18n';

export function TermMedia({ media }: { media: readonly TermMediaDto[] | undefined }) {
  if (!media?.length) return null;
  return (
    <div className="term-media" role="group" aria-label={t('ankiconnect.media')}>
      {media.map((m) =>
        m.role === 'audio' ? (
          <audio key={m.id} className="term-media-audio" controls preload="none" src={m.url} aria-label={t('ankiconnect.playAudio', { name: m.filename })} />
        ) : (
          <img key={m.id} className="term-media-picture" src={m.url} alt={m.filename} loading="lazy" />
        ),
      )}
    </div>
  );
}
