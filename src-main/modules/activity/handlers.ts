// Runs in: main. Registry entries for activity (importing the service also subscribes its event listeners).
import { activityContract } from '../../../src-shared/contract/activity';
import { implement } from '../../registry';
import * as service from './service';

export const activityHandlers = implement(activityContract, {
  'activity.dashboard': (ctx) => service.dashboard(ctx),
  'activity.streak': (ctx) => service.streak(ctx),
  'activity.calendar': (ctx, { months }) => service.calendar(ctx, months),
  'activity.today': (ctx) => service.today(ctx),
  'activity.readingTime': (ctx, { seconds }) => service.addReadingTime(ctx, seconds),
});
