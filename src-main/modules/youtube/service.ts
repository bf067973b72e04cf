// Runs in: main. Video transcripts: metadata and public captions of a YouTube video, and importing them as a
// text that keeps the video link (the reader embeds it) and sentence timings from the caption cues.
import { AppError, badRequest, notFound } from '../../../src-shared/contract/errors';
import type { CaptionTrackDto, VideoDto } from '../../../src-shared/contract/listening';
import type { TextDto } from '../../../src-shared/contract/texts';
import { joinCues } from '../../../src-shared/subtitles';
import type { HandlerContext } from '../../core/context';
import { OutboundError } from '../../net/fetch';
import { getSetting } from '../settings';
import { createText } from '../texts';
import { saveTimingsFromSpans } from '../timings';
import { fetchCaptionTracks, fetchSnippet, fetchTimedText, type YoutubeEndpoints } from './client';
import { videoIdOf, watchUrl } from './video-id';
import { type Message, messageText, msg } from '../../../src-shared/contract/messages';
import { transact } from '../../db/sql';

export const DEFAULT_API_BASE = 'https://www.googleapis.com/youtube/v3';
export const DEFAULT_TIMEDTEXT_BASE = 'https://www.youtube.com/api/timedtext';

const apiKey = (ctx: HandlerContext) => getSetting(ctx, 'youtubeApiKey').trim() || ctx.config.youtubeApiKey;

export const configured = (ctx: HandlerContext) => ({ configured: apiKey(ctx) !== '' });

function endpoints(ctx: HandlerContext): YoutubeEndpoints {
  const key = apiKey(ctx);
  if (!key) throw new AppError(503, msg('youtube.noKey'));
  const base = (name: string, fallback: string) => (getSetting(ctx, name).trim() || fallback).replace(/\/+$/, '');
  return {
    key,
    apiBase: base('youtubeApiBaseUrl', DEFAULT_API_BASE),
    timedTextBase: base('youtubeTimedTextBaseUrl', DEFAULT_TIMEDTEXT_BASE),
    allowance: ctx.services.outboundAllowance,
  };
}

function idOf(ref: string): string {
  const id = videoIdOf(ref);
  if (!id) throw badRequest(msg('youtube.badId'));
  return id;
}

async function outbound<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    if (err.code === 'http_status' && (err.status === 400 || err.status === 403))
      throw new AppError(502, msg('youtube.refused', { status: String(err.status) }));
    if (err.code === 'timeout') throw new AppError(504, msg('youtube.timeout'));
    throw new AppError(502, msg('youtube.unreachable', { why: err.text }));
  }
}

export async function listCaptions(ctx: HandlerContext, ref: string): Promise<{ video_id: string; captions: CaptionTrackDto[] }> {
  const id = idOf(ref);
  const e = endpoints(ctx);
  return { video_id: id, captions: await outbound(() => fetchCaptionTracks(e, id)) };
}

function chooseTrack(tracks: CaptionTrackDto[], wanted: string | undefined, videoLanguage: string): CaptionTrackDto | undefined {
  const base = (l: string) => l.toLowerCase().split(/[-_]/)[0];
  const byLang = (l: string) => tracks.filter((t) => t.language.toLowerCase() === l.toLowerCase() || base(t.language) === base(l));
  const prefer = (list: CaptionTrackDto[]) => list.find((t) => t.kind === 'standard') ?? list.find((t) => t.kind !== 'forced') ?? list[0];
  if (wanted) return prefer(byLang(wanted));
  return prefer(videoLanguage ? byLang(videoLanguage) : []) ?? prefer(tracks);
}

export async function video(ctx: HandlerContext, ref: string, lang?: string): Promise<VideoDto> {
  const id = idOf(ref);
  const e = endpoints(ctx);
  const snippet = await outbound(() => fetchSnippet(e, id));
  if (!snippet) throw notFound(msg('youtube.videoNotFound'));
  let captions: CaptionTrackDto[] = [];
  let note: Message | undefined;
  try {
    captions = await fetchCaptionTracks(e, id);
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    note = msg('youtube.noCaptionList');
  }
  const track = chooseTrack(captions, lang, snippet.language);
  let transcript: VideoDto['transcript'] = null;
  if (!track) note ??= lang ? msg('youtube.noCaptionsIn', { lang }) : msg('youtube.noCaptions');
  else {
    try {
      const cues = await fetchTimedText(e, id, track);
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
    title: snippet.title,
    channel: snippet.channel,
    description: snippet.description,
    captions,
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
