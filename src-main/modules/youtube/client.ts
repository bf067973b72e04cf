// Runs in: main. YouTube through the guarded fetcher: the public watch page (player response: details and the
// signed caption track URLs, no key), the tracks' timed text, and the Data API v3 videos?part=snippet when a key
// is set. Base URLs are settings (tests point them at fakes).
//   watch?v=ID → HTML with `var ytInitialPlayerResponse = {…};` (read by src-shared/youtube/watch-page.ts)
//   track baseUrl + &fmt=json3 → {events: [{tStartMs, dDurationMs, segs: [{utf8}]}]}
//     (also accepted: classic <transcript><text start dur>, srv3 <timedtext><body><p t d>)
//   videos → {items: [{id, snippet: {title, description, channelTitle, defaultAudioLanguage?, defaultLanguage?}}]}
import { safeFetch, OutboundError } from '../../net/fetch';
import type { OutboundAllowance } from '../../core/services';
import type { TranscriptSegment } from '../../../src-shared/contract/listening';
import { msg } from '../../../src-shared/contract/messages';
import { decodeEntities } from '../../../src-shared/html/entities';
import { parseWatchPage, type WatchCaptionTrack, type WatchPage } from '../../../src-shared/youtube/watch-page';

export interface YoutubeEndpoints {
  apiBase: string;
  /** Origin of the watch pages (https://www.youtube.com; tests use a fake on 127.0.0.1). */
  watchBase: string;
  /** The Data API key, '' when none is set (then the watch page gives the metadata too). */
  key: string;
  allowance: OutboundAllowance | null;
}

export interface VideoSnippet {
  title: string;
  description: string;
  channel: string;
  language: string;
}

const LIMIT = { timeoutMs: 20_000, maxBytes: 20 * 1024 * 1024 };

async function getJson(url: string, e: YoutubeEndpoints): Promise<Record<string, unknown>> {
  const res = await safeFetch(url, { allowance: e.allowance, ...LIMIT, headers: { accept: 'application/json' } });
  try {
    return JSON.parse(res.body.toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new OutboundError('network', msg('youtube.notJson'));
  }
}

export async function fetchSnippet(e: YoutubeEndpoints, id: string): Promise<VideoSnippet | null> {
  const body = await getJson(`${e.apiBase}/videos?part=snippet&id=${encodeURIComponent(id)}&key=${encodeURIComponent(e.key)}`, e);
  const item = (Array.isArray(body.items) ? body.items : [])[0] as { snippet?: Record<string, unknown> } | undefined;
  if (!item?.snippet) return null;
  const s = item.snippet;
  return {
    title: String(s.title ?? ''),
    description: String(s.description ?? ''),
    channel: String(s.channelTitle ?? ''),
    language: String(s.defaultAudioLanguage ?? s.defaultLanguage ?? ''),
  };
}

const clean = (s: string) =>
  decodeEntities(decodeEntities(s).replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
const attr = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];

/** Parses a timedtext body (classic XML, srv3 or json3) into cues; [] when it holds none. */
export function parseTimedText(body: string): TranscriptSegment[] {
  const out: TranscriptSegment[] = [];
  const trimmed = body.trim();
  if (trimmed.startsWith('{')) {
    const events = (JSON.parse(trimmed) as { events?: { tStartMs?: number; dDurationMs?: number; segs?: { utf8?: string }[] }[] }).events ?? [];
    for (const ev of events) {
      const text = (ev.segs ?? [])
        .map((s) => s.utf8 ?? '')
        .join('')
        .replace(/\s+/g, ' ')
        .trim();
      if (text && Number.isFinite(ev.tStartMs)) out.push({ start: ev.tStartMs! / 1000, end: (ev.tStartMs! + (ev.dDurationMs ?? 0)) / 1000, text });
    }
    return out;
  }
  for (const m of trimmed.matchAll(/<text\b([^>]*)>([\s\S]*?)<\/text>/g)) {
    const start = Number(attr(m[1], 'start'));
    const dur = Number(attr(m[1], 'dur') ?? 0);
    const text = clean(m[2]);
    if (text && Number.isFinite(start)) out.push({ start, end: start + (Number.isFinite(dur) ? dur : 0), text });
  }
  if (out.length) return out;
  for (const m of trimmed.matchAll(/<p\b([^>]*)>([\s\S]*?)<\/p>/g)) {
    const t = Number(attr(m[1], 't'));
    const d = Number(attr(m[1], 'd') ?? 0);
    const text = clean(m[2]);
    if (text && Number.isFinite(t)) out.push({ start: t / 1000, end: (t + (Number.isFinite(d) ? d : 0)) / 1000, text });
  }
  return out;
}

/** The video's watch page, read for its player response (details and signed caption tracks); no key needed. */
export async function fetchWatchPage(e: YoutubeEndpoints, id: string): Promise<WatchPage & { url: string }> {
  const res = await safeFetch(`${e.watchBase}/watch?v=${encodeURIComponent(id)}&hl=en`, {
    allowance: e.allowance,
    ...LIMIT,
    // Without the consent cookie, visitors from the EU get consent.youtube.com's page instead of the video's.
    headers: { accept: 'text/html', 'accept-language': 'en', cookie: 'CONSENT=YES+1; SOCS=CAI' },
  });
  return { ...parseWatchPage(res.body.toString('utf8')), url: res.url };
}

/**
 * A track's timed text in json3 (cues with millisecond times). The track URL comes from the page: it is taken
 * only on the page's own origin (a page cannot send us elsewhere), and it still goes through the guarded fetcher.
 */
export async function fetchTrackText(e: YoutubeEndpoints, pageUrl: string, track: WatchCaptionTrack): Promise<TranscriptSegment[]> {
  let url: URL;
  try {
    url = new URL(track.baseUrl, pageUrl);
  } catch {
    throw new OutboundError('bad_url', msg('net.badUrl', { url: track.baseUrl.slice(0, 200) }));
  }
  if (url.origin !== new URL(pageUrl).origin) throw new OutboundError('blocked', msg('youtube.foreignTrack', { host: url.host }));
  url.searchParams.set('fmt', 'json3');
  const res = await safeFetch(url.href, { allowance: e.allowance, ...LIMIT });
  return parseTimedText(res.body.toString('utf8'));
}
