// Runs in: main. YouTube Data API v3 (videos?part=snippet, captions?part=snippet) and the public timedtext
// caption bodies, through the guarded fetcher. Base URLs are settings (tests point them at fakes).
//   videos   → {items: [{id, snippet: {title, description, channelTitle, defaultAudioLanguage?, defaultLanguage?}}]}
//   captions → {items: [{id, snippet: {videoId, language, name, trackKind: standard|asr|forced}}]}
//   timedtext?v=&lang=[&kind=asr][&name=] → <transcript><text start="1.2" dur="3.4">…</text></transcript>
//     (also accepted: srv3 <timedtext><body><p t="ms" d="ms">…</p></body></timedtext> and json3 {events}).
import { safeFetch, OutboundError } from '../../net/fetch';
import type { OutboundAllowance } from '../../core/services';
import type { CaptionTrackDto, TranscriptSegment } from '../../../src-shared/contract/listening';
import { msg } from '../../../src-shared/contract/messages';
import { decodeEntities } from '../../../src-shared/html/entities';

export interface YoutubeEndpoints {
  apiBase: string;
  timedTextBase: string;
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

export async function fetchCaptionTracks(e: YoutubeEndpoints, id: string): Promise<CaptionTrackDto[]> {
  const body = await getJson(`${e.apiBase}/captions?part=snippet&videoId=${encodeURIComponent(id)}&key=${encodeURIComponent(e.key)}`, e);
  return (Array.isArray(body.items) ? body.items : [])
    .map((it: { id?: unknown; snippet?: Record<string, unknown> }) => ({
      id: String(it.id ?? ''),
      language: String(it.snippet?.language ?? ''),
      name: String(it.snippet?.name ?? ''),
      kind: String(it.snippet?.trackKind ?? 'standard').toLowerCase(),
    }))
    .filter((t: CaptionTrackDto) => t.language);
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

export async function fetchTimedText(e: YoutubeEndpoints, id: string, track: CaptionTrackDto): Promise<TranscriptSegment[]> {
  const q = new URLSearchParams({ v: id, lang: track.language });
  if (track.kind === 'asr') q.set('kind', 'asr');
  if (track.name) q.set('name', track.name);
  const res = await safeFetch(`${e.timedTextBase}?${q}`, { allowance: e.allowance, ...LIMIT });
  return parseTimedText(res.body.toString('utf8'));
}
