// Pure: what a YouTube watch page says about its video, read from the player response embedded in the page
// (`var ytInitialPlayerResponse = {…};`): title, channel, description and the public caption tracks
// (`captions.playerCaptionsTracklistRenderer.captionTracks[]`: baseUrl, languageCode, kind "asr" for automatic,
// vssId, name as {simpleText} or {runs}). This is what LingQ and Language Reactor read; it needs no API key.

export interface WatchCaptionTrack {
  /** YouTube's track id (vssId: ".de", "a.en", ".en.xyz"). */
  id: string;
  language: string;
  /** "asr" for automatic captions, else "standard". */
  kind: string;
  /** The track's signed timedtext URL, as the page gave it (may be relative). */
  baseUrl: string;
}

export interface WatchPage {
  /** False when the page holds no player response or the video is not playable (private, deleted, refused). */
  found: boolean;
  /** playabilityStatus.status (OK, ERROR, LOGIN_REQUIRED, UNPLAYABLE…), '' when absent. */
  status: string;
  title: string;
  channel: string;
  description: string;
  tracks: WatchCaptionTrack[];
}

const MARKER = /ytInitialPlayerResponse\s*=\s*\{/;

/** The JSON object starting at `start` (a "{"), cut at its matching brace; strings and escapes respected. */
function objectAt(text: string, start: number): string | null {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  return null;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Reads the player response out of a watch page's HTML (or the bare JSON); null when there is none. */
export function playerResponseOf(html: string): Json | null {
  const trimmed = html.trimStart();
  const m = trimmed.startsWith('{') ? { index: 0, 0: '{' } : MARKER.exec(html);
  if (!m) return null;
  const source = trimmed.startsWith('{') ? trimmed : html;
  const raw = objectAt(source, m.index + m[0].length - 1);
  if (!raw) return null;
  try {
    return obj(JSON.parse(raw));
  } catch {
    return null;
  }
}

/** What the watch page says: video details and caption tracks (empty when there are none or no page). */
export function parseWatchPage(html: string): WatchPage {
  const pr = playerResponseOf(html);
  const status = str(obj(pr?.playabilityStatus).status);
  const details = obj(pr?.videoDetails);
  const list = obj(obj(pr?.captions).playerCaptionsTracklistRenderer).captionTracks;
  const tracks = (Array.isArray(list) ? list : [])
    .map((t: unknown): WatchCaptionTrack => {
      const track = obj(t);
      return {
        id: str(track.vssId) || str(track.languageCode),
        language: str(track.languageCode),
        kind: str(track.kind).toLowerCase() === 'asr' ? 'asr' : 'standard',
        baseUrl: str(track.baseUrl),
      };
    })
    .filter((t) => t.language && t.baseUrl);
  return {
    found: !!pr && !!str(details.videoId) && (status === '' || status === 'OK'),
    status,
    title: str(details.title),
    channel: str(details.author),
    description: str(details.shortDescription),
    tracks,
  };
}

/** The language the video is spoken in, as far as its captions tell: the automatic (speech-recognised) track's. */
export const spokenLanguageOf = (page: WatchPage) => page.tracks.find((t) => t.kind === 'asr')?.language ?? '';
