// Runs in: main. Transcription jobs through the NLP service: the upload is typed and kept as a media file,
// streamed to the service, and the job is polled by its owner (another user's job id is "not found").
// A completed job's result is stored, so the transcript survives the service forgetting the job.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { AppError, conflict, notFound, unavailable } from '../../../src-shared/contract/errors';
import { UploadedTempFile } from '../../../src-shared/contract/endpoint';
import type { JobResultDto, JobStatus, JobStatusDto, SubtitleImportDto } from '../../../src-shared/contract/listening';
import type { MediaUpload } from '../../../src-shared/contract/media';
import { SUBTITLES_MAX_BYTES } from '../../../src-shared/contract/listening';
import type { TextDto } from '../../../src-shared/contract/texts';
import type { ParsedSubtitleFile } from '../../../src-shared/subtitles/task';
import { runInWorker } from '../../core/worker';
import type { HandlerContext } from '../../core/context';
import { cacheSlot } from '../../core/services';
import { getSetting } from '../settings';
import {
  NlpError,
  whisperAvailable,
  whisperCancel,
  whisperLanguages,
  whisperModels,
  whisperResult,
  whisperStatus,
  whisperTranscribe,
  type RemoteResult,
} from '../../net/whisper-client';
import { createText, getTextRow, updateText } from '../texts';
import { saveTimingsFromCues, saveTimingsOfParse } from '../timings';
import { deleteMedia, detectMediaType, mediaFile, mediaUrl, storeMedia, sweepOrphanMedia } from '../media';
import * as repo from './repo';
import { msg } from '../../../src-shared/contract/messages';
import { transact } from '../../db/sql';

const STAGES: Record<JobStatus, string> = {
  pending: 'Waiting for the transcription service',
  processing: 'Transcribing',
  completed: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const TERMINAL = new Set<JobStatus>(['completed', 'failed', 'cancelled']);

/** NLP errors as answers: unreachable → 503 with how to configure it, timeout → 504, bad answers → 502. */
function serviceError(ctx: HandlerContext, err: unknown): never {
  if (!(err instanceof NlpError)) throw err;
  if (err.kind === 'unreachable') throw unavailable(msg('listening.serviceDown', { url: nlpConfig(ctx).nlpServiceUrl }));
  if (err.kind === 'timeout') throw new AppError(504, err.text);
  throw new AppError(502, err.text);
}

async function call<T>(ctx: HandlerContext, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    serviceError(ctx, err);
  }
}

/**
 * The service's metadata (available, languages, models), remembered for a few seconds per core: the New text
 * page asks on every visit, and an unreachable host (DNS failing slowly) must not be waited for each time.
 */
const META_TTL_MS = 10_000;

/**
 * The service's address: Settings' `nlpServiceUrl` (an http(s) address, set by the learner or the administrator),
 * else NLP_SERVICE_URL. A desktop learner has no environment to set (issue 51).
 */
export function nlpConfig(ctx: HandlerContext): HandlerContext['config'] {
  const set = getSetting(ctx, 'nlpServiceUrl').trim();
  if (!/^https?:\/\/[^\s]+$/i.test(set)) return ctx.config;
  try {
    return { ...ctx.config, nlpServiceUrl: new URL(set).toString().replace(/\/$/, '') };
  } catch {
    return ctx.config;
  }
}
const metaSlot = cacheSlot<Map<string, { at: number; value?: unknown; error?: unknown }>>('transcription.whisperMeta');
async function remembered<T>(ctx: HandlerContext, key: string, fn: () => Promise<T>): Promise<T> {
  const cache = metaSlot.get(ctx.services) ?? metaSlot.set(ctx.services, new Map());
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < META_TTL_MS) {
    if ('error' in hit) throw hit.error;
    return hit.value as T;
  }
  try {
    const value = await fn();
    cache.set(key, { at: Date.now(), value });
    return value;
  } catch (err) {
    if (err instanceof NlpError) cache.set(key, { at: Date.now(), error: err });
    throw err;
  }
}

export async function available(ctx: HandlerContext): Promise<{ available: boolean }> {
  try {
    return { available: await remembered(ctx, `available ${nlpConfig(ctx).nlpServiceUrl}`, () => whisperAvailable(nlpConfig(ctx))) };
  } catch (err) {
    if (err instanceof NlpError) return { available: false };
    throw err;
  }
}

export const languages = async (ctx: HandlerContext) => ({
  languages: await call(ctx, () => remembered(ctx, `languages ${nlpConfig(ctx).nlpServiceUrl}`, () => whisperLanguages(nlpConfig(ctx)))),
});
export const models = async (ctx: HandlerContext) => ({
  models: await call(ctx, () => remembered(ctx, `models ${nlpConfig(ctx).nlpServiceUrl}`, () => whisperModels(nlpConfig(ctx)))),
});

function statusDto(job: repo.JobRow): JobStatusDto {
  return {
    job_id: job.TjID,
    status: job.TjStatus,
    progress: job.TjStatus === 'completed' ? 100 : Math.round(job.TjProgress),
    stage: STAGES[job.TjStatus],
    filename: job.TjFileName,
    ...(job.TjError ? { error: job.TjError } : {}),
  };
}

function ownedJob(ctx: HandlerContext, id: string): repo.JobRow {
  const job = repo.selectJob(ctx.sqlite, ctx.user, id);
  if (!job) throw notFound(msg('listening.jobNotFound'));
  return job;
}

export async function transcribe(ctx: HandlerContext, input: { file: MediaUpload; language?: string; model?: string }): Promise<JobStatusDto> {
  const type = await detectMediaType(input.file);
  await sweepOrphanMedia(ctx);
  const mediaId = await storeMedia(ctx, input.file, type);
  const media = mediaFile(ctx, mediaId);
  const id = randomBytes(16).toString('hex');
  const language = input.language && input.language !== 'auto' ? input.language : '';
  repo.insertJob(
    ctx.sqlite,
    ctx.user,
    { TjID: id, TjFileName: input.file.filename.slice(0, 255), TjMfID: mediaId, TjLanguage: language, TjModel: input.model ?? '' },
    ctx.clock.now(),
  );
  try {
    const remote = await whisperTranscribe(
      nlpConfig(ctx),
      { path: media.path, filename: input.file.filename, contentType: type.mime, size: media.size },
      { language, model: input.model },
    );
    repo.updateJob(ctx.sqlite, ctx.user, id, { TjRemoteID: remote }, ctx.clock.now());
  } catch (err) {
    // Nothing half-made stays behind when the service could not take the file.
    repo.deleteJob(ctx.sqlite, ctx.user, id);
    await deleteMedia(ctx, mediaId);
    serviceError(ctx, err);
  }
  return statusDto(ownedJob(ctx, id));
}

/** Polls the service for a running job (stored state for finished ones); a completed result is kept. */
export async function status(ctx: HandlerContext, id: string): Promise<JobStatusDto> {
  const job = ownedJob(ctx, id);
  if (TERMINAL.has(job.TjStatus)) return statusDto(job);
  const remote = await call(ctx, () => whisperStatus(nlpConfig(ctx), job.TjRemoteID));
  const patch: Parameters<typeof repo.updateJob>[3] = { TjStatus: remote.status, TjProgress: remote.progress };
  if (remote.status === 'failed') patch.TjError = remote.error ?? 'The transcription failed';
  if (remote.status === 'completed') {
    const result = await call(ctx, () => whisperResult(nlpConfig(ctx), job.TjRemoteID));
    patch.TjResult = JSON.stringify(result);
  }
  repo.updateJob(ctx.sqlite, ctx.user, id, patch, ctx.clock.now());
  return statusDto(ownedJob(ctx, id));
}

export function result(ctx: HandlerContext, id: string): JobResultDto {
  const job = ownedJob(ctx, id);
  if (job.TjStatus !== 'completed' || !job.TjResult) throw conflict(msg('listening.notFinished', { status: job.TjStatus }), { status: job.TjStatus });
  const r = JSON.parse(job.TjResult) as RemoteResult;
  return { job_id: job.TjID, filename: job.TjFileName, ...r, media_url: job.TjMfID ? mediaUrl(job.TjMfID) : null };
}

export async function cancel(ctx: HandlerContext, id: string): Promise<JobStatusDto> {
  const job = ownedJob(ctx, id);
  if (TERMINAL.has(job.TjStatus)) {
    if (job.TjStatus === 'cancelled') return statusDto(job);
    throw conflict(msg(job.TjStatus === 'completed' ? 'listening.alreadyCompleted' : 'listening.alreadyFailed'));
  }
  try {
    if (job.TjRemoteID) await whisperCancel(nlpConfig(ctx), job.TjRemoteID);
  } catch (err) {
    // The service being gone does not keep the job alive here: it is cancelled for the caller either way.
    if (!(err instanceof NlpError)) throw err;
    ctx.log.warn(`Could not cancel transcription ${job.TjRemoteID} on the NLP service: ${err.message}`);
  }
  repo.updateJob(ctx.sqlite, ctx.user, id, { TjStatus: 'cancelled' }, ctx.clock.now());
  if (job.TjMfID) await deleteMedia(ctx, job.TjMfID);
  return statusDto(ownedJob(ctx, id));
}

/** Creates the text of a completed job with its audio attached (and timings when the text is the transcript's). */
export async function createTextFromJob(ctx: HandlerContext, input: { job_id: string; language_id: number; title: string; text: string }): Promise<TextDto> {
  const job = ownedJob(ctx, input.job_id);
  if (job.TjStatus !== 'completed' || !job.TjResult) throw conflict(msg('listening.notFinished', { status: job.TjStatus }));
  const r = JSON.parse(job.TjResult) as RemoteResult;
  const text = await createText(ctx, {
    TxLgID: input.language_id,
    TxTitle: input.title,
    TxText: input.text,
    TxAudioURI: job.TjMfID ? mediaUrl(job.TjMfID) : '',
  });
  if (r.segments.length) transact(ctx, () => saveTimingsFromCues(ctx, text.TxID, r.segments));
  return text;
}

async function readSmall(file: MediaUpload, limit: number): Promise<Uint8Array> {
  const size = file instanceof UploadedTempFile ? file.size : file.data.byteLength;
  if (size > limit) throw new AppError(413, msg('listening.subtitleTooLarge', { mb: limit / 1024 / 1024 }));
  return file instanceof UploadedTempFile ? fs.promises.readFile(file.path) : file.data;
}

/**
 * Imports an SRT/VTT file as a new text: cues joined into sentences, each sentence timed from its cues,
 * optionally with its audio/video file (typed from the bytes and kept with the text).
 */
export async function importSubtitles(
  ctx: HandlerContext,
  input: { file: MediaUpload; language_id: number; title?: string; source_uri?: string; audio?: MediaUpload },
): Promise<SubtitleImportDto> {
  if (!/\.(srt|vtt)$/i.test(input.file.filename)) throw new AppError(415, msg('listening.notSubtitles', { name: input.file.filename }));
  const bytes = await readSmall(input.file, SUBTITLES_MAX_BYTES);
  // Untrusted bytes: parsed in a worker with a heap cap and a deadline.
  const parsed = await runInWorker<ParsedSubtitleFile>('subtitles.parse', { bytes }, { maxHeapMb: 512, timeoutMs: 60_000 });
  const name = input.file.filename;
  if (parsed.cues === 0)
    throw new AppError(400, parsed.skipped ? msg('listening.noSubtitlesSkipped', { name, count: parsed.skipped }) : msg('listening.noSubtitles', { name }), {
      skipped: parsed.skipped,
    });
  const joined = parsed;
  if (input.source_uri && !/^https?:\/\//i.test(input.source_uri)) throw new AppError(400, msg('listening.badSourceUri'));
  // Type the audio before anything is stored: a refused file leaves nothing behind.
  const audioType = input.audio ? await detectMediaType(input.audio) : null;
  if (audioType) await sweepOrphanMedia(ctx);
  const title = input.title || input.file.filename.replace(/\.[^.]+$/, '').slice(0, 200) || 'Subtitles';
  let timings = 0;
  // Timed from the parse inside the text's own transaction: the text is never stored without its timings.
  const text = await createText(ctx, { TxLgID: input.language_id, TxTitle: title, TxText: joined.text, TxSourceURI: input.source_uri }, (id, parse) => {
    timings = saveTimingsOfParse(ctx, id, joined.text, parse.sentenceSpans, joined.spans);
  });
  let dto = text;
  if (input.audio && audioType) {
    const mediaId = await storeMedia(ctx, input.audio, audioType);
    dto = await updateText(ctx, text.TxID, { TxAudioURI: mediaUrl(mediaId) });
  }
  return { text: dto, cues: parsed.cues, skipped: parsed.skipped, timings };
}

/**
 * Attaches an audio (or video) file to a text: typed from its bytes (a file that is not audio is refused before
 * anything is stored), kept in the data directory as a media file and served by the app; the text's TxAudioURI
 * points at it. The file it replaces is left to the orphan sweep.
 */
export async function attachAudio(ctx: HandlerContext, textId: number, file: MediaUpload): Promise<TextDto> {
  getTextRow(ctx, textId);
  const type = await detectMediaType(file);
  await sweepOrphanMedia(ctx);
  const mediaId = await storeMedia(ctx, file, type);
  return updateText(ctx, textId, { TxAudioURI: mediaUrl(mediaId) });
}
