// Runs in: renderer. The ways to make a new text, as tabs above each form: paste/.txt, audio or video
// (transcription), a YouTube video, subtitles.
import { Link } from '../../lib/router';
import './listening.css';
import { t } from '../../lib/i18n';

const TABS = [
  { to: '/texts/new', label: 'listening.text' },
  { to: '/texts/new/audio', label: 'listening.fromAudioOrVideo' },
  { to: '/texts/new/video', label: 'listening.fromAVideo' },
  { to: '/texts/new/subtitles', label: 'listening.subtitles2' },
] as const;

export function NewTextTabs({ current }: { current: (typeof TABS)[number]['to'] }) {
  return (
    <nav className="new-text-tabs" role="tablist" aria-label={t('listening.kindOfNewText')}>
      {TABS.map((tab) => (
        <Link key={tab.to} to={tab.to} role="tab" aria-selected={tab.to === current} className={`new-text-tab${tab.to === current ? ' active' : ''}`}>
          {t(tab.label)}
        </Link>
      ))}
    </nav>
  );
}

export const isSubtitleFile = (f: File) => /\.(srt|vtt)$/i.test(f.name);
export const isMediaFile = (f: File) => /^(audio|video)\//.test(f.type) || /\.(mp3|m4a|aac|wav|ogg|oga|opus|flac|webm|mp4|mkv|mov)$/i.test(f.name);
export const titleOf = (name: string) =>
  name
    .replace(/\.[^.]+$/, '')
    .replace(/[_]+/g, ' ')
    .trim()
    .slice(0, 200) || t('bookImport.untitled');
