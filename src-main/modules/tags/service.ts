// Runs in: main. Rules for term tags: at most 20 characters, unique per owner, comma lists split (SPEC rule 1).
import { badRequest, conflict, notFound } from '../../../src-shared/contract/errors';
import { TAG_MAX_LENGTH, type TagDto } from '../../../src-shared/contract/tags';
import { splitTagList } from '../../../src-shared/import/term-rows';
import type { HandlerContext } from '../../core/context';
import * as repo from './repo';
import { msg } from '../../../src-shared/contract/messages';

/** Splits tag input (strings or TermTags[TagList][] entries) and refuses names over 20 characters. */
/** Tag ids by name, creating the missing tags (inside the caller's transaction; bulk term imports). */
export function ensureTagIds(ctx: Pick<HandlerContext, 'sqlite' | 'user'>, names: readonly string[]): Map<string, number> {
  return repo.ensureTags(ctx.sqlite, ctx.user, names);
}

export function parseTagNames(input: string | readonly string[] | undefined): string[] {
  const names = splitTagList(input);
  const long = names.find((n) => n.length > TAG_MAX_LENGTH);
  if (long) throw badRequest(msg('text.tagTooLong', { tag: long, max: TAG_MAX_LENGTH }));
  return names;
}

export function listTags(ctx: HandlerContext, q?: string): TagDto[] {
  return repo.listTags(ctx.sqlite, ctx.user, q);
}

export function getTag(ctx: HandlerContext, id: number): TagDto {
  const tag = repo.findTag(ctx.sqlite, ctx.user, id);
  if (!tag) throw notFound(msg('tag.notFound'));
  return tag;
}

export function createTag(ctx: HandlerContext, fields: { TgText: string; TgComment?: string }): TagDto {
  if (repo.findTagByText(ctx.sqlite, ctx.user, fields.TgText)) throw conflict(msg('tag.exists', { name: fields.TgText }));
  return getTag(ctx, repo.insertTag(ctx.sqlite, ctx.user, fields.TgText, fields.TgComment ?? ''));
}

export function updateTag(ctx: HandlerContext, id: number, patch: { TgText?: string; TgComment?: string }): TagDto {
  const before = getTag(ctx, id);
  if (patch.TgText !== undefined && patch.TgText !== before.TgText && repo.findTagByText(ctx.sqlite, ctx.user, patch.TgText)) {
    throw conflict(msg('tag.exists', { name: patch.TgText }));
  }
  repo.updateTag(ctx.sqlite, ctx.user, id, patch);
  return getTag(ctx, id);
}

export function deleteTag(ctx: HandlerContext, id: number): number {
  const deleted = repo.deleteTag(ctx.sqlite, ctx.user, id);
  if (!deleted) throw notFound(msg('tag.notFound'));
  return deleted;
}

/**
 * Gives terms (already known to be the caller's) these tags: 'replace' makes them the only tags, 'add'
 * adds them, 'remove' takes them off. Runs inside the caller's transaction.
 */
export function setTermTags(ctx: HandlerContext, termIds: readonly number[], names: readonly string[], mode: 'replace' | 'add' | 'remove'): void {
  if (mode === 'remove') {
    const existing = names.map((n) => repo.findTagByText(ctx.sqlite, ctx.user, n)?.TgID).filter((x): x is number => x !== undefined);
    repo.unlinkTags(ctx.sqlite, ctx.user, termIds, existing);
    return;
  }
  if (mode === 'replace') repo.unlinkTags(ctx.sqlite, ctx.user, termIds, null);
  const ids = repo.ensureTags(ctx.sqlite, ctx.user, names);
  repo.linkTags(ctx.sqlite, ctx.user, termIds, [...ids.values()]);
}

/** The Anki re-import: each listed term's tags become exactly `tags` (missing tags created). Inside the caller's transaction. */
export function replaceTagsOfTerms(ctx: Pick<HandlerContext, 'sqlite' | 'user'>, changes: readonly { id: number; tags: readonly string[] }[]): void {
  repo.replaceTermTags(ctx.sqlite, ctx.user, changes);
}

/**
 * The bulk term import: takes the tags off `cleared` (overwritten terms whose row names tags), then links each
 * [term, tag] pair. Ids come from the importer (the caller's terms, tags from ensureTagIds). Inside its transaction.
 */
export function linkImportedTermTags(ctx: Pick<HandlerContext, 'sqlite'>, cleared: readonly number[], links: readonly (readonly [number, number])[]): void {
  repo.clearTermTagLinks(ctx.sqlite, cleared);
  repo.insertTermTagLinks(ctx.sqlite, links);
}
