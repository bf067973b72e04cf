// Runs in: main. Video transcripts: metadata and public captions of a YouTube video, and importing them as a
// text that keeps the video link (the reader embeds it) and sentence timings from the caption cues.
import { AppError, badRequest, notFound } from '../../../src-shared/contract/errors';
import type { CaptionTrackDto, VideoDto } from '../../../src-shared/contract/listening';
import type { TextDto } from '../../../src-shared/contract/texts';
import { joinCues } from '../../../src-shared/subtitles';
import type { HandlerContext } from '../../core/context';
import { OutboundError, outboundAppError } from '../../net/fetch';
import { getSetting } from '../settings';
import { createText } from '../texts';
import { saveTimingsFromSpans } from '../timings';
import { fetchSnippet, fetchTrackText, fetchWatchPage, type YoutubeEndpoints } from './client';
import { spokenLanguageOf, type WatchCaptionTrack } from '../../../src-shared/youtube/watch-page';
import { videoIdOf, watchUrl } from './video-id';
import { type Message, messageText, msg } from '../../../src-shared/contract/messages';
import { transact } from '../../db/sql';

export const DEFAULT_API_BASE = 'https://www.googleapis.com/youtube/v3';
export const DEFAULT_WATCH_BASE = 'https://www.youtube.com';

const apiKey = (ctx: HandlerContext) => getSetting(ctx, 'youtubeApiKey').trim() || ctx.config.youtubeApiKey;

/** Video transcripts always work (the watch page needs no key); api_key says whether a Data API key is set. */
export const configured = (ctx: HandlerContext) => ({ configured: true, api_key: apiKey(ctx) !== '' });

function endpoints(ctx: HandlerContext): YoutubeEndpoints {
  const base = (name: string, fallback: string) => (getSetting(ctx, name).trim() || fallback).replace(/\/+$/, '');
  return {
    key: apiKey(ctx),
    apiBase: base('youtubeApiBaseUrl', DEFAULT_API_BASE),
    watchBase: base('youtubeWatchBaseUrl', DEFAULT_WATCH_BASE),
    allowance: ctx.services.outboundAllowance,
  };
}

function idOf(ref: string): string {
  const id = videoIdOf(ref);
  if (!id) throw badRequest(msg('youtube.badId'));
  return id;
}

async function outbound<T>(fn: () => Promise<T>, keyed = false): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    if (keyed && err.code === 'http_status' && (err.status === 400 || err.status === 403))
      throw new AppError(502, msg('youtube.refused', { status: String(err.status) }));
    throw outboundAppError(err, msg('youtube.unreachable', { why: err.text }), msg('youtube.timeout'));
  }
}

const toDto = (t: WatchCaptionTrack): CaptionTrackDto => ({ id: t.id, language: t.language, name: '', kind: t.kind });

export async function listCaptions(ctx: HandlerContext, ref: string): Promise<{ video_id: string; captions: CaptionTrackDto[] }> {
  const id = idOf(ref);
  const page = await outbound(() => fetchWatchPage(endpoints(ctx), id));
  return { video_id: id, captions: page.tracks.map(toDto) };
}

function chooseTrack<T extends { language: string; kind: string }>(tracks: T[], wanted: string | undefined, videoLanguage: string): T | undefined {
  const base = (l: string) => l.toLowerCase().split(/[-_]/)[0];
  const byLang = (l: string) => tracks.filter((t) => t.language.toLowerCase() === l.toLowerCase() || base(t.language) === base(l));
  const prefer = (list: T[]) => list.find((t) => t.kind === 'standard') ?? list.find((t) => t.kind !== 'forced') ?? list[0];
  if (wanted) return prefer(byLang(wanted));
  return prefer(videoLanguage ? byLang(videoLanguage) : []) ?? prefer(tracks);
}

/**
 * A video's details and transcript. The watch page (no key) lists the public caption tracks with their signed
 * URLs; with a Data API key the title, channel, description and spoken language come from the API instead.
 */
export async function video(ctx: HandlerContext, ref: string, lang?: string): Promise<VideoDto> {
  const id = idOf(ref);
  const e = endpoints(ctx);
  const snippet = e.key ? await outbound(() => fetchSnippet(e, id), true) : null;
  if (e.key && !snippet) throw notFound(msg('youtube.videoNotFound'));
  let page: Awaited<ReturnType<typeof fetchWatchPage>> | null = null;
  let note: Message | undefined;
  try {
    page = await fetchWatchPage(e, id);
  } catch (err) {
    // Without a key the page is all there is; with one, the API's details still make a text (its description).
    if (!e.key || !(err instanceof OutboundError)) return outbound(() => Promise.reject(err));
    note = msg('youtube.noCaptionList');
  }
  if (!snippet && !page?.found) throw notFound(msg('youtube.videoNotFound'));
  const tracks = page?.tracks ?? [];
  const track = chooseTrack(tracks, lang, snippet?.language || (page ? spokenLanguageOf(page) : ''));
  let transcript: VideoDto['transcript'] = null;
  if (!track) note ??= lang ? msg('youtube.noCaptionsIn', { lang }) : msg('youtube.noCaptions');
  else {
    try {
      const cues = await fetchTrackText(e, page!.url, track);
      if (cues.length) transcript = { language: track.language, text: joinCues(cues).text, cues };
      else note = msg('youtube.captionsPrivate');
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      note = msg('youtube.captionsFailed');
    }
  }
  return {
    video_id: id,
    url: watchUrl(id),
    title: snippet?.title ?? page?.title ?? '',
    channel: snippet?.channel ?? page?.channel ?? '',
    description: snippet?.description ?? page?.description ?? '',
    captions: tracks.map(toDto),
    transcript,
    ...(note ? { transcript_note: messageText(note), transcript_note_message: note } : {}),
  };
}

/** Imports a video's transcript (or, without public captions, its description) as a text keeping the video link. */
export async function importVideo(ctx: HandlerContext, input: { video_id: string; lang?: string; language_id: number; title?: string }): Promise<TextDto> {
  const v = await video(ctx, input.video_id, input.lang);
  const joined = v.transcript ? joinCues(v.transcript.cues) : null;
  const body = joined?.text || v.description.trim();
  if (!body) throw badRequest(msg('youtube.nothingToImport'));
  const text = await createText(ctx, {
    TxLgID: input.language_id,
    TxTitle: (input.title || v.title || v.video_id).slice(0, 200),
    TxText: body,
    TxSourceURI: v.url,
  });
  if (joined) transact(ctx, () => saveTimingsFromSpans(ctx, text.TxID, joined.spans));
  return text;
}
