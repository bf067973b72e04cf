// Runs in: main. The activity module's front door: its endpoints and the domain events it listens to.
import type { Module } from '../../registry';
import { activityHandlers } from './handlers';
import { countCreatedTerms, countFinishedText, countReview, uncountFinishedText } from './service';

export const activityModule: Module = {
  name: 'activity',
  handlers: activityHandlers,
  listeners: {
    'terms.changed': countCreatedTerms,
    'review.answered': countReview,
    'text.finished': countFinishedText,
    'text.unfinished': uncountFinishedText,
  },
};
