// Autoupdate: feeds with "every N hours" are refreshed when due, one tick at a time, on the core's clock; the
// scheduler's timers are unref'd (they never keep a process alive) and stop cleanly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { startFeedScheduler } from '../../src-main/modules/feeds';
import { dueFeeds } from '../../src-main/modules/feeds/scheduler';
import { startFakeSite, type FakeSite } from '../helpers/fake-site';

let site: FakeSite;

// The core's own scheduler stays off: the test drives a scheduler's tick itself, with no timer racing it.
const s = withServer({ core: { outboundAllowance: { allowHosts: ['127.0.0.1'] }, background: false } });
beforeAll(async () => {
  site = await startFakeSite();
});
afterAll(async () => {
  await site.close();
});

describe('feed autoupdate', () => {
  it('refreshes due feeds on the core clock, staggered, and only feeds that ask for it', async () => {
    const lg = (await s.client.post('/api/v1/languages', { LgName: 'German' })).body.LgID;
    const hourly = (await s.client.post('/api/v1/feeds', { NfLgID: lg, NfName: 'Hourly', NfSourceURI: `${site.base}/atom`, NfOptions: 'autoupdate=1h' })).body
      .NfID;
    const daily = (await s.client.post('/api/v1/feeds', { NfLgID: lg, NfName: 'Daily', NfSourceURI: `${site.base}/rdf`, NfOptions: 'autoupdate=1d' })).body
      .NfID;
    await s.client.post('/api/v1/feeds', { NfLgID: lg, NfName: 'Manual', NfSourceURI: `${site.base}/json` });
    const failing = (
      await s.client.post('/api/v1/feeds', { NfLgID: lg, NfName: 'Broken', NfSourceURI: `${site.base}/hopeless.rss`, NfOptions: 'autoupdate=2w' })
    ).body.NfID;

    const scheduler = startFeedScheduler({ context: (user) => s.core.context(user) }, { autoStart: false, perTick: 2 });
    try {
      expect(
        dueFeeds(s.core.context())
          .map((f) => f.NfID)
          .sort(),
      ).toEqual([hourly, daily, failing].sort());
      const first = await scheduler.tick();
      expect(first).toHaveLength(2); // staggered: at most perTick per tick
      const second = await scheduler.tick();
      expect([...first, ...second].sort()).toEqual([hourly, daily, failing].sort());
      expect(await scheduler.tick()).toEqual([]);
      expect((await s.client.get(`/api/v1/feeds/${hourly}`)).body).toMatchObject({ article_count: 2, new_count: 2 });
      expect((await s.client.get(`/api/v1/feeds/${failing}`)).body.NfLastError).toContain('not well-formed');

      s.core.clock.advance(60 * 60 * 1000);
      expect(await scheduler.tick()).toEqual([hourly]);
      s.core.clock.advance(23 * 60 * 60 * 1000);
      expect((await scheduler.tick()).sort()).toEqual([hourly, daily].sort());
    } finally {
      scheduler.stop();
    }
  });

  it('its timer does not hold the process open, and stop() clears it', () => {
    const made: NodeJS.Timeout[] = [];
    const real = globalThis.setTimeout;
    globalThis.setTimeout = ((fn: () => void, ms?: number) => {
      const t = real(fn, ms);
      made.push(t);
      return t;
    }) as typeof setTimeout;
    let scheduler;
    try {
      scheduler = startFeedScheduler({ context: (user) => s.core.context(user) }, { firstDelayMs: 60_000 });
    } finally {
      globalThis.setTimeout = real;
    }
    expect(made).toHaveLength(1);
    expect(made[0].hasRef()).toBe(false);
    scheduler.stop();
  });
});
