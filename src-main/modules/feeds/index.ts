// Runs in: main. The feeds module's front door: its handlers for the registry, plus what other modules and the
// app use (the library's "from a web page" extraction, the autoupdate scheduler).
import type { Module } from '../../registry';
import { feedHandlers } from './handlers';
import { startFeedScheduler } from './scheduler';

// Autoupdate runs while the core does: started with it, stopped by its close().
export const feedsModule: Module = { name: 'feeds', handlers: feedHandlers, listeners: {}, start: (host) => startFeedScheduler(host) };
export { addImportedFeeds, extractFromUrl, PAGE_MAX_BYTES } from './service';
export { startFeedScheduler, type FeedScheduler } from './scheduler';
