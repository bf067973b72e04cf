// Runs in: main. The statistics module's front door (daily activity counts, streaks, the calendar): its endpoints and the domain events it listens to.
import type { Module } from '../../registry';
import { statisticsHandlers } from './handlers';
import { countCreatedTerms, countFinishedText, countReview, uncountFinishedText } from './service';

export const statisticsModule: Module = {
  name: 'statistics',
  handlers: statisticsHandlers,
  listeners: {
    // Created terms, and review answers (source 'review').
    'terms.changed': (ctx, event) => (event.source === 'review' ? countReview(ctx) : countCreatedTerms(ctx, event)),
    'text.finished': countFinishedText,
    'text.unfinished': uncountFinishedText,
  },
};
