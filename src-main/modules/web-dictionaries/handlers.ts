// Runs in: main. GET /api/v1/web-dictionaries/embeddable.
import { webDictionariesContract as c } from '../../../src-shared/contract/web-dictionaries';
import { implement } from '../../registry';
import * as service from './service';

export const webDictionaryHandlers = implement(c, {
  'webDictionaries.embeddable': (ctx, { url }) => service.embeddable(ctx, url),
});
