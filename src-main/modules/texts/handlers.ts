// Runs in: main. Registry entries for texts.
import { textsContract } from '../../../src-shared/contract/texts';
import { implement } from '../../registry';
import { printPlain } from './print';
import * as service from './service';

export const textHandlers = implement(textsContract, {
  'texts.list': (ctx, filters) => service.listTexts(ctx, filters),
  'texts.byLanguage': (ctx, { id }) => service.textsOfLanguage(ctx, id),
  'texts.get': (ctx, { id }) => service.getText(ctx, id),
  'texts.create': (ctx, fields) => service.createText(ctx, fields),
  'texts.update': (ctx, { id, ...patch }) => service.updateText(ctx, id, patch),
  'texts.delete': (ctx, { id }) => ({ success: true as const, deleted: service.deleteText(ctx, id) }),
  'texts.upload': (ctx, input) => service.uploadText(ctx, input),
  'texts.archive': (ctx, { id, archived }) => service.setArchived(ctx, id, archived),
  'texts.audioPosition': (ctx, { id, position }) => service.saveAudioPosition(ctx, id, position),
  'texts.readingPosition': (ctx, { id, position }) => service.saveReadingPosition(ctx, id, position),
  'texts.finished': (ctx, { id }) => service.finishText(ctx, id),
  'texts.unfinished': (ctx, { id }) => service.unfinishText(ctx, id),
  'texts.printPlain': (ctx, { text }) => printPlain(ctx, text),
});
