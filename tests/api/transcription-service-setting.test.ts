// Issue 51 item 6: the transcription service's address is a setting (Settings → transcription), so a desktop
// learner need not start Lectio with NLP_SERVICE_URL; the setting wins over the environment, a blank or non-http
// value falls back to it, and in multi-user mode only an administrator sets it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withServer } from '../helpers/with-server';
import { FakeNlp } from '../helpers/fake-listening';

let nlp: FakeNlp;
beforeAll(async () => {
  nlp = await new FakeNlp().start();
});
afterAll(() => nlp.close());

// The environment names a port where nothing listens.
const s = withServer({ env: { NLP_SERVICE_URL: 'http://127.0.0.1:9' } });

describe('the transcription service address setting', () => {
  it('is used instead of NLP_SERVICE_URL, and a bad value falls back to it', async () => {
    expect((await s.client.get('/api/v1/whisper/available')).body).toEqual({ available: false });
    expect((await s.client.post('/api/v1/settings', { key: 'nlpServiceUrl', value: `${nlp.url}/` })).status).toBe(200);
    expect((await s.client.get('/api/v1/whisper/available')).body).toEqual({ available: true });
    expect((await s.client.get('/api/v1/settings')).body.nlpServiceUrl).toBe(`${nlp.url}/`);
    await s.client.post('/api/v1/settings', { key: 'nlpServiceUrl', value: 'file:///etc/passwd' });
    expect((await s.client.get('/api/v1/whisper/available')).body).toEqual({ available: false });
  });
});
