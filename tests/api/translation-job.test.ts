// "Translate all sentences" of a text as a durable background job (issue 49) over real HTTP, against the fake
// LibreTranslate on 127.0.0.1: the start writes a jobs row and answers at once, the runner fills the cache after
// it, the progress is counted from the cache, a stop ends the job after the request under way (what came stays
// kept), a provider's failure is kept coded (said in the learner's language) and a new start replaces it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { FakeTranslators } from '../helpers/fake-translators';

const s = withServer({ language: { LgName: 'German', LgIsoCode: 'de' } });
let fake: FakeTranslators;
const SENTENCES = ['Der Hund bellt.', 'Die Katze schläft.', 'Der Vogel singt.', 'Das Pferd läuft.'];

beforeAll(async () => {
  fake = await new FakeTranslators().start();
});
afterAll(() => fake.close());

beforeEach(async () => {
  s.core.sqlite.exec("DELETE FROM translations; DELETE FROM jobs; DELETE FROM settings WHERE StKey LIKE 'translation%'");
  fake.mode = 'ok';
  fake.seen = [];
  const res = await s.client.post('/api/v1/translation/settings', { providers: [{ kind: 'libretranslate', url: fake.url }], target: 'en' });
  expect(res.status, res.text).toBe(200);
});

async function newText(): Promise<number> {
  const res = await s.client.post('/api/v1/texts', {
    TxLgID: s.languageId,
    TxTitle: 'Tiere',
    TxText: `${SENTENCES.slice(0, 2).join(' ')}\n\n${SENTENCES.slice(2).join(' ')}`,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.TxID as number;
}
const job = (id: number) => `/api/v1/texts/${id}/translation/job`;
const idle = () => s.core.services.jobs!.idle('translation.translateText');
const jobRows = () => s.core.sqlite.prepare("SELECT JbState FROM jobs WHERE JbKind = 'translation.translateText'").all();

describe('translate all sentences as a background job', () => {
  it('starts at once as a jobs row, fills the cache in the background, counts progress from the cache', async () => {
    const id = await newText();
    const before = await s.client.get(job(id));
    expect(before.body).toMatchObject({ state: 'idle', done: 0, error: null });
    const total = before.body.total as number;
    expect(total).toBeGreaterThanOrEqual(SENTENCES.length);

    const started = await s.client.post(job(id), {});
    expect(started.status, started.text).toBe(200);
    expect(started.body.state).toBe('running');
    // Started twice: one job.
    await s.client.post(job(id), {});
    expect(jobRows().length).toBe(1);
    await idle();

    const after = await s.client.get(job(id));
    expect(after.body).toEqual({ state: 'idle', done: total, total, error: null });
    expect(fake.seen.map((r) => r.body.q)).toEqual(SENTENCES);
    expect(jobRows()).toEqual([]);
    // The reader's press for each sentence comes from the cache, and a second run asks nothing.
    for (const text of SENTENCES) expect((await s.client.post('/api/v1/translation', { language_id: s.languageId, text })).body.cached).toBe(true);
    await s.client.post(job(id), {});
    await idle();
    expect(fake.seen).toHaveLength(SENTENCES.length);
  });

  it('stops after the request under way; what came stays kept; a new start asks only the rest', async () => {
    const id = await newText();
    fake.mode = 'hang';
    await s.client.post(job(id), {});
    await expect.poll(() => fake.seen.length).toBe(1);
    const stopped = await s.client.delete(job(id));
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.body).toMatchObject({ state: 'idle', done: 0 });
    // The slow service answers in the end: that sentence is kept, and the job goes no further.
    fake.mode = 'ok';
    fake.release();
    await idle();
    expect(fake.seen).toHaveLength(1);
    expect(jobRows()).toEqual([]);
    expect((await s.client.get(job(id))).body).toMatchObject({ state: 'idle', done: 1 });

    await s.client.post(job(id), {});
    await idle();
    expect(fake.seen.map((r) => r.body.q)).toEqual(SENTENCES);
    const done = (await s.client.get(job(id))).body;
    expect(done.done).toBe(done.total);
  });

  it("a provider's failure is kept coded and said; a new start replaces it", async () => {
    const id = await newText();
    fake.mode = 403;
    await s.client.post(job(id), {});
    await idle();
    const failed = (await s.client.get(job(id))).body;
    expect(failed).toMatchObject({
      state: 'failed',
      done: 0,
      error: { message_code: 'translation.keyRefused', message: 'LibreTranslate refused the API key: check the key in Settings' },
    });
    // Settings → About lists it in words, not as JSON.
    const listed = (await s.client.get('/api/v1/jobs')).body.jobs;
    expect(listed).toMatchObject([
      { kind: 'translation.translateText', state: 'failed', error: 'LibreTranslate refused the API key: check the key in Settings' },
    ]);

    fake.mode = 'ok';
    expect((await s.client.post(job(id), {})).body.state).toBe('running');
    await idle();
    expect((await s.client.get(job(id))).body).toMatchObject({ state: 'idle', error: null });
    expect(jobRows()).toEqual([]);
  });

  it('says at once that no service is set (nothing queued), and 404 for a text that is not there', async () => {
    const id = await newText();
    s.core.sqlite.exec("DELETE FROM settings WHERE StKey LIKE 'translation%'");
    const none = await s.client.post(job(id), {});
    expect(none.status).toBe(400);
    expect(none.body.code).toBe('translation.noProvider');
    expect(jobRows()).toEqual([]);
    expect((await s.client.get(job(999999))).status).toBe(404);
    expect((await s.client.post(job(999999), {})).status).toBe(404);
  });

  it('a job row left in the library (a crash, a close) runs when the runner looks again, as at the next start', async () => {
    const id = await newText();
    // Written as the start writes it, with no runner woken: what a restart finds in the file.
    s.core.sqlite
      .prepare("INSERT INTO jobs (JbKind, JbPayload, JbUsID, JbRunAfter, JbCreated) VALUES ('translation.translateText', ?, NULL, 0, 0)")
      .run(JSON.stringify({ textId: id }));
    expect((await s.client.get(job(id))).body.state).toBe('running');
    s.core.services.jobs!.wake();
    await idle();
    expect(fake.seen.map((r) => r.body.q)).toEqual(SENTENCES);
    expect((await s.client.get(job(id))).body).toMatchObject({ state: 'idle', done: expect.any(Number) });
    expect(jobRows()).toEqual([]);
  });

  it('a text deleted while its job waits ends the job quietly', async () => {
    const id = await newText();
    fake.mode = 'hang';
    await s.client.post(job(id), {});
    await expect.poll(() => fake.seen.length).toBe(1);
    expect((await s.client.delete(`/api/v1/texts/${id}`)).status).toBe(200);
    fake.mode = 'ok';
    fake.release();
    await idle();
    expect(jobRows()).toEqual([]);
  });
});
