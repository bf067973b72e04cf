// Runs in: main. Registry entries for statistics (importing the service also subscribes its event listeners).
import { statisticsContract } from '../../../src-shared/contract/statistics';
import { implement } from '../../registry';
import { knownWordsCurve } from './known-words';
import * as service from './service';

export const statisticsHandlers = implement(statisticsContract, {
  'activity.dashboard': (ctx) => service.dashboard(ctx),
  'activity.streak': (ctx) => service.streak(ctx),
  'activity.calendar': (ctx, { months }) => service.calendar(ctx, months),
  'activity.knownWords': (ctx, { days, language_id }) => knownWordsCurve(ctx, days ?? 90, language_id),
  'activity.today': (ctx) => service.today(ctx),
  'activity.readingTime': (ctx, { seconds }) => service.addReadingTime(ctx, seconds),
});
