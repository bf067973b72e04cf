// Runs in: main. Rules for text tags: names unique per user (409), at most 20 characters (the contract).
import { conflict, notFound } from '../../../src-shared/contract/errors';
import type { TextTagDto } from '../../../src-shared/contract/texts';
import type { HandlerContext } from '../../core/context';
import * as repo from './repo';
import { msg } from '../../../src-shared/contract/messages';

export function createTextTag(ctx: HandlerContext, text: string, comment = ''): TextTagDto {
  if (repo.findTextTagByText(ctx.sqlite, ctx.user, text)) throw conflict(msg('textTag.exists', { name: text }));
  const id = repo.insertTextTag(ctx.sqlite, ctx.user, text, comment);
  return repo.findTextTag(ctx.sqlite, ctx.user, id)!;
}

export function updateTextTag(ctx: HandlerContext, id: number, patch: { T2Text?: string; T2Comment?: string }): TextTagDto {
  if (!repo.findTextTag(ctx.sqlite, ctx.user, id)) throw notFound(msg('textTag.notFound'));
  if (patch.T2Text !== undefined) {
    const clash = repo.findTextTagByText(ctx.sqlite, ctx.user, patch.T2Text);
    if (clash && clash.T2ID !== id) throw conflict(msg('textTag.exists', { name: patch.T2Text }));
  }
  repo.updateTextTag(ctx.sqlite, ctx.user, id, patch);
  return repo.findTextTag(ctx.sqlite, ctx.user, id)!;
}

export function deleteTextTag(ctx: HandlerContext, id: number): number {
  const n = repo.deleteTextTag(ctx.sqlite, ctx.user, id);
  if (n === 0) throw notFound(msg('textTag.notFound'));
  return n;
}

/**
 * Each listed text's tags become exactly its `names` (missing tags created): a text saved with tags, texts moved in
 * from another tool. Inside the caller's transaction.
 */
export function setTagsOfTexts(ctx: Pick<HandlerContext, 'sqlite' | 'user'>, items: readonly { textId: number; names: readonly string[] }[]): void {
  for (const { textId, names } of items) repo.setTextTags(ctx.sqlite, ctx.user, textId, names);
}
