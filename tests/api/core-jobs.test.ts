// Background work belongs to the core's life (issue 27): the backup and feed schedulers start with createCore and
// close() stops them, so a test core or a closed core leaves no timer behind; `background: false` starts none.
import { createHook } from 'node:async_hooks';
import { setImmediate as tick } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestCore } from '../helpers/core';

// The timers made while a core is created, dropped from the set once fired or cleared. Node's active-resource
// list leaves out unref'd timers (which the schedulers use), so the timers' own life-cycle hooks are watched.
let recording: Set<number> | null = null;
const alive = new Set<number>();
const hook = createHook({
  init(id, type) {
    if (type === 'Timeout' && recording) {
      recording.add(id);
      alive.add(id);
    }
  },
  destroy(id) {
    alive.delete(id);
  },
}).enable();
afterAll(() => {
  hook.disable();
});

function recordTimers<T>(make: () => T): { made: T; timers: () => Promise<number> } {
  const mine = new Set<number>();
  recording = mine;
  try {
    const made = make();
    return {
      made,
      async timers() {
        await tick();
        return [...mine].filter((id) => alive.has(id)).length;
      },
    };
  } finally {
    recording = null;
  }
}

describe('module background jobs', () => {
  it('start with the core and are gone after close()', async () => {
    const { made: core, timers } = recordTimers(() => makeTestCore());
    expect(core.runningJobs().sort()).toEqual(['backup', 'feeds']);
    // The backup schedule's first check and hourly interval, the feed scheduler's first tick.
    expect(await timers()).toBeGreaterThanOrEqual(3);
    core.cleanup();
    expect(core.runningJobs()).toEqual([]);
    expect(await timers()).toBe(0);
  });

  it('two cores run their own jobs: closing one leaves the other running', () => {
    const a = makeTestCore();
    const b = makeTestCore();
    try {
      a.cleanup();
      expect(a.runningJobs()).toEqual([]);
      expect(b.runningJobs().sort()).toEqual(['backup', 'feeds']);
    } finally {
      b.cleanup();
    }
  });

  it('a core made with background: false starts none', async () => {
    const { made: core, timers } = recordTimers(() => makeTestCore({ core: { background: false } }));
    try {
      expect(core.runningJobs()).toEqual([]);
      expect(await timers()).toBe(0);
    } finally {
      core.cleanup();
    }
    expect(await timers()).toBe(0);
  });
});
