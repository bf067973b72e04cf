// Runs in: renderer. The ways to make a new text, as tabs above each form: paste/.txt, audio or video
// (transcription), a YouTube video, subtitles.
import { Link } from '../../lib/router';
import './listening.css';

const TABS = [
  { to: '/texts/new', label: 'Text' },
  { to: '/texts/new/audio', label: 'From audio or video' },
  { to: '/texts/new/video', label: 'From a video' },
  { to: '/texts/new/subtitles', label: 'Subtitles' },
] as const;

export function NewTextTabs({ current }: { current: (typeof TABS)[number]['to'] }) {
  return (
    <nav className="new-text-tabs" role="tablist" aria-label="Kind of new text">
      {TABS.map((t) => (
        <Link key={t.to} to={t.to} role="tab" aria-selected={t.to === current} className={`new-text-tab${t.to === current ? ' active' : ''}`}>
          {t.label}
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
    .slice(0, 200) || 'Untitled';
