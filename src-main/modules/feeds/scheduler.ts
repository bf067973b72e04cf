// Runs in: main. Autoupdate: while the app runs, feeds whose option says "every N hours/days/weeks" are
// refreshed when due. One feed at a time (staggered: a tick refreshes at most `perTick` feeds, oldest first),
// timers unref'd so they never hold the process or a test open. The core starts it (feedsModule.start) and stops it
// in close(). The clock is the core's (tests freeze and advance it, then call tick()).
import type { HandlerContext } from '../../core/context';
import type { BackgroundJob, JobHost } from '../../registry';
import { autoupdateMs, parseFeedOptions } from '../../../src-shared/feeds/options';
import * as repo from './repo';
import { refreshFeed } from './service';

export interface FeedScheduler extends BackgroundJob {
  /** Refreshes the feeds that are due now; resolves with their ids. */
  tick(): Promise<number[]>;
}

export function dueFeeds(ctx: Pick<HandlerContext, 'sqlite' | 'clock'>): { NfID: number; NfUsID: number | null }[] {
  const now = ctx.clock.now();
  return repo
    .allFeedSchedules(ctx.sqlite)
    .map((f) => ({ ...f, every: autoupdateMs(parseFeedOptions(f.NfOptions).autoupdate) }))
    .filter((f) => f.every !== null && (f.NfUpdate === null || now - f.NfUpdate >= f.every))
    .sort((a, b) => (a.NfUpdate ?? 0) - (b.NfUpdate ?? 0));
}

export function startFeedScheduler(
  host: JobHost,
  opts: { intervalMs?: number; firstDelayMs?: number; perTick?: number; autoStart?: boolean } = {},
): FeedScheduler {
  const { intervalMs = 60_000, firstDelayMs = 20_000, perTick = 3, autoStart = true } = opts;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number[]> | null = null;

  const tick = async (): Promise<number[]> => {
    if (running) return running;
    running = (async () => {
      const done: number[] = [];
      const probe = host.context({ id: null, username: 'scheduler', role: 'admin' });
      for (const f of dueFeeds(probe).slice(0, perTick)) {
        if (stopped) break;
        const ctx = host.context({ id: f.NfUsID, username: 'scheduler', role: 'user' });
        try {
          await refreshFeed(ctx, f.NfID);
        } catch (err) {
          // refreshFeed has stored the error on the feed (NfLastError); the manager shows it.
          ctx.log.warn(`Feed ${f.NfID} autoupdate failed: ${(err as Error).message}`);
        }
        done.push(f.NfID);
      }
      return done;
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick().finally(() => schedule(intervalMs));
    }, delay);
    timer.unref();
  };
  if (autoStart) schedule(firstDelayMs);

  return {
    tick,
    running: () => timer !== null,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
