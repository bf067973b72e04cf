// A fake LibreTranslate, DeepL and OpenAI-compatible chat server in one, on 127.0.0.1, answering with each API's
// real response shapes (and error shapes) so the translation module is tested over real HTTP.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMode = 'ok' | 401 | 403 | 429 | 456 | 'hang' | 'not-json';

export interface SeenRequest {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

export class FakeTranslators {
  private server: http.Server | null = null;
  private hanging: http.ServerResponse[] = [];
  private held: { path: string; body: any; res: http.ServerResponse }[] = [];
  mode: FakeMode = 'ok';
  seen: SeenRequest[] = [];
  url = '';

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        let body: any = null;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = null;
        }
        this.seen.push({ path: req.url ?? '', headers: req.headers, body });
        this.answer(req.url ?? '', body, res);
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  private answer(path: string, body: any, res: http.ServerResponse) {
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (this.mode === 'hang') {
      this.hanging.push(res);
      this.held.push({ path, body, res });
      return;
    }
    if (this.mode === 'not-json') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>Welcome to nginx</html>');
      return;
    }
    if (path.endsWith('/translate') && !path.startsWith('/v2')) {
      // LibreTranslate (docs: https://libretranslate.com/docs)
      if (this.mode === 403) return json(403, { error: 'Invalid API key' });
      if (this.mode === 429) return json(429, { error: 'Too many request limits violations' });
      if (this.mode !== 'ok') return json(400, { error: 'Invalid request' });
      return json(200, {
        detectedLanguage: { confidence: 90, language: body.source === 'auto' ? 'de' : body.source },
        translatedText: `[lt:${body.target}] ${body.q}`,
      });
    }
    if (path === '/v2/translate') {
      // DeepL (docs: https://developers.deepl.com/docs/api-reference/translate)
      if (this.mode === 403) return json(403, { message: 'Authorization failure, check auth_key' });
      if (this.mode === 456) return json(456, { message: 'Quota Exceeded' });
      if (this.mode === 429) return json(429, { message: 'Too many requests' });
      return json(200, {
        translations: body.text.map((t: string) => ({ detected_source_language: body.source_lang ?? 'DE', text: `[deepl:${body.target_lang}] ${t}` })),
      });
    }
    if (path.endsWith('/chat/completions')) {
      // OpenAI chat completions (and Ollama's, LM Studio's, llama.cpp's OpenAI-compatible endpoint)
      if (this.mode === 401 || this.mode === 403)
        return json(401, { error: { message: 'Incorrect API key provided: sk-bad.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } });
      if (this.mode === 429)
        return json(429, { error: { message: 'You exceeded your current quota.', type: 'insufficient_quota', param: null, code: 'insufficient_quota' } });
      const prompt: string = body.messages[0].content;
      return json(200, {
        id: 'chatcmpl-123',
        object: 'chat.completion',
        created: 1_700_000_000,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: `  [chat:${body.model}] ${prompt.split('\n').pop()}\n` }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 30, completion_tokens: 10, total_tokens: 40 },
      });
    }
    json(404, { error: 'Not Found' });
  }

  /** Answers the requests held by 'hang' as the mode now set says (a slow service that answers in the end). */
  release(): void {
    const held = this.held;
    this.held = [];
    this.hanging = this.hanging.filter((r) => !held.some((h) => h.res === r));
    for (const h of held) this.answer(h.path, h.body, h.res);
  }

  async close(): Promise<void> {
    this.held = [];
    for (const r of this.hanging) r.destroy();
    this.hanging = [];
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server!.close(() => r()));
    this.server = null;
  }
}
