// The fixture most API test files share: a real test server started before the file's tests (optionally with
// one language made through the API, as a client would) and closed after them.
import { afterAll, afterEach, beforeAll } from 'vitest';
import { makeTestCore, startTestServer, type TestCore, type TestServer } from './core';
import type { CoreOptions } from '../../src-main/app/core';

export interface ServerFixture extends TestServer {
  /** LgID of the language made by `withServer({ language })`. */
  languageId: number;
}

/**
 * Registers beforeAll/afterAll for the calling file and returns the server, filled in before its first test:
 * `const s = withServer({ language: { LgName: 'German' } });` then `s.client`, `s.core`, `s.languageId`.
 */
export function withServer(
  opts: { language?: { LgName: string } & Record<string, unknown>; env?: NodeJS.ProcessEnv; core?: Partial<CoreOptions> } = {},
): ServerFixture {
  const fixture = {} as ServerFixture;
  beforeAll(async () => {
    Object.assign(fixture, await startTestServer({ env: opts.env, core: opts.core }));
    if (opts.language) {
      const res = await fixture.client.post('/api/v1/languages', opts.language);
      if (res.status !== 200) throw new Error(`withServer: creating the language answered ${res.status} ${res.text}`);
      fixture.languageId = res.body.LgID;
    }
  });
  afterAll(() => fixture.close?.());
  return fixture;
}

/**
 * For files whose tests each make their own cores (no server): `const cores = coresPerTest();` then
 * `cores.make()` in a test; every core made is closed and its folder removed after the test. `track` adds a core
 * made another way (createCore on a folder of the test's choosing).
 */
export function coresPerTest(): { make(opts?: Parameters<typeof makeTestCore>[0]): TestCore; track<T extends TestCore>(core: T): T } {
  const made: TestCore[] = [];
  afterEach(() => {
    while (made.length) made.pop()!.cleanup();
  });
  return {
    make: (opts) => {
      const core = makeTestCore(opts);
      made.push(core);
      return core;
    },
    track: (core) => (made.push(core), core),
  };
}
