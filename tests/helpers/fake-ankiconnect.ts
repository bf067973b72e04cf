// A fake Anki with the AnkiConnect add-on, on 127.0.0.1, for the send direction (Lectio as a client). It answers
// as AnkiConnect's plugin/__init__.py and web.py do (read as facts, our own code): POST / with {action, version,
// params, key}; version ≤ 4 gets the bare result (an error as its bare text), ≥ 5 the {result, error} envelope;
// the key is checked first ("valid api key must be provided"); an unknown action is "unsupported action"; `multi`
// runs each inner request through the same handler (so each carries its own version and key); its error texts
// ("model was not found: …", "deck was not found: …", "cannot create note because it is a duplicate", "cannot
// create note because it is empty", "Note was not found: …", "Model name already exists") are AnkiConnect's.
// The collection is in memory: decks, note types, notes with one card each (cards' type/queue/ivl settable).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeNote {
  id: number;
  modelName: string;
  deckName: string;
  fields: Record<string, string>;
  tags: string[];
}

export interface FakeCard {
  id: number;
  nid: number;
  type: number;
  queue: number;
  ivl: number;
}

interface FakeModel {
  fields: string[];
  css: string;
  templates: { Name?: string; Front: string; Back: string }[];
}

type Req = { action?: unknown; version?: unknown; params?: Record<string, unknown>; key?: unknown };

class AnkiError extends Error {}

export class FakeAnkiConnect {
  server!: http.Server;
  url = '';
  apiKey: string | null = null;
  decks = new Map<string, number>([['Default', 1]]);
  models = new Map<string, FakeModel>([['Basic', { fields: ['Front', 'Back'], css: '', templates: [{ Front: '{{Front}}', Back: '{{Back}}' }] }]]);
  notes = new Map<number, FakeNote>();
  cards = new Map<number, FakeCard>();
  media = new Map<string, string>();
  /** Every top-level request body received, in order (to check batching). */
  requests: Req[] = [];
  /** action → error text: the next call of that action fails with it (once). */
  failNext = new Map<string, string>();
  /** Answer with something that is not AnkiConnect's (an HTML page). */
  notAnki = false;
  private nextId = 1_700_000_000_000;

  async start() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (this.notAnki) {
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<html>router login</html>');
        }
        let body: Req;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Req;
        } catch {
          // AnkiConnect answers a body it cannot parse with its own envelope of the exception.
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ result: null, error: 'Expecting value: line 1 column 1 (char 0)' }));
        }
        this.requests.push(body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(this.handle(body)));
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close() {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(r));
  }

  /** Actions received, inner actions of `multi` included, in order. */
  actions(): string[] {
    const out: string[] = [];
    const walk = (r: Req) => {
      out.push(String(r.action));
      if (r.action === 'multi') for (const inner of (r.params?.actions as Req[]) ?? []) walk(inner);
    };
    this.requests.forEach(walk);
    return out;
  }

  notesOfModel(modelName: string): FakeNote[] {
    return [...this.notes.values()].filter((n) => n.modelName === modelName);
  }

  /** Sets the card state of every card of a note (as if the learner studied it in Anki). */
  study(noteId: number, state: Partial<Omit<FakeCard, 'id' | 'nid'>>) {
    for (const c of this.cards.values()) if (c.nid === noteId) Object.assign(c, state);
  }

  handle(request: Req): unknown {
    const version = typeof request.version === 'number' ? request.version : 4;
    try {
      if ((request.key ?? null) !== this.apiKey && request.action !== 'requestPermission') throw new AnkiError('valid api key must be provided');
      const result = this.run(String(request.action ?? ''), request.params ?? {});
      return version <= 4 ? result : { result, error: null };
    } catch (err) {
      const text = err instanceof AnkiError ? err.message : String(err);
      return version <= 4 ? text : { result: null, error: text };
    }
  }

  private run(action: string, p: Record<string, unknown>): unknown {
    const injected = this.failNext.get(action);
    if (injected !== undefined) {
      this.failNext.delete(action);
      throw new AnkiError(injected);
    }
    switch (action) {
      case 'version':
        return 6;
      case 'multi':
        return (p.actions as Req[]).map((a) => this.handle(a));
      case 'deckNames':
        return [...this.decks.keys()];
      case 'modelNames':
        return [...this.models.keys()];
      case 'createDeck': {
        const name = String(p.deck);
        // Anki makes the parents of "A::B" too; createDeck of an existing deck answers its id.
        const parts = name.split('::');
        for (let i = 1; i <= parts.length; i++) {
          const n = parts.slice(0, i).join('::');
          if (!this.decks.has(n)) this.decks.set(n, this.nextId++);
        }
        return this.decks.get(name);
      }
      case 'createModel': {
        const fields = p.inOrderFields as string[];
        if (!fields?.length) throw new AnkiError('Must provide at least one field for inOrderFields');
        if (!(p.cardTemplates as unknown[])?.length) throw new AnkiError('Must provide at least one card for cardTemplates');
        if (this.models.has(String(p.modelName))) throw new AnkiError('Model name already exists');
        this.models.set(String(p.modelName), { fields, css: String(p.css ?? ''), templates: p.cardTemplates as FakeModel['templates'] });
        return { name: p.modelName, flds: fields.map((name, ord) => ({ name, ord })) };
      }
      case 'modelFieldNames': {
        const model = this.models.get(String(p.modelName));
        if (!model) throw new AnkiError(`model was not found: ${p.modelName}`);
        return [...model.fields];
      }
      case 'modelFieldAdd': {
        const model = this.models.get(String(p.modelName));
        if (!model) throw new AnkiError(`model was not found: ${p.modelName}`);
        // Only adds a field the note type lacks (AnkiConnect's own rule); existing notes get it empty.
        if (!model.fields.includes(String(p.fieldName))) {
          model.fields.push(String(p.fieldName));
          this.fieldNames.clear();
          for (const n of this.notes.values()) if (n.modelName === p.modelName) n.fields[String(p.fieldName)] = '';
        }
        return null;
      }
      case 'addNote':
        return this.addNote(p.note as Record<string, unknown>);
      case 'addNotes':
        return (p.notes as Record<string, unknown>[]).map((n) => {
          try {
            return this.addNote(n);
          } catch {
            return null;
          }
        });
      case 'updateNoteFields': {
        const spec = p.note as { id: number; fields: Record<string, string> };
        const note = this.notes.get(spec.id);
        if (!note) throw new AnkiError(`Note was not found: ${spec.id}`);
        for (const [name, value] of Object.entries(spec.fields)) if (name in note.fields) note.fields[name] = value;
        return null;
      }
      case 'findNotes': {
        if (p.query === undefined) return [];
        const match = this.compile(String(p.query));
        return [...this.notes.values()].filter(match).map((n) => n.id);
      }
      case 'findCards': {
        if (p.query === undefined) return [];
        const match = this.compile(String(p.query));
        return [...this.cards.values()].filter((c) => match(this.notes.get(c.nid)!)).map((c) => c.id);
      }
      case 'notesInfo':
        return (p.notes as number[]).map((id) => {
          const n = this.notes.get(id);
          if (!n) return {};
          return {
            noteId: n.id,
            tags: n.tags,
            fields: this.fieldInfo(n),
            modelName: n.modelName,
            cards: [...this.cards.values()].filter((c) => c.nid === id).map((c) => c.id),
          };
        });
      case 'cardsInfo':
        return (p.cards as number[]).map((id) => {
          const c = this.cards.get(id);
          if (!c) return {};
          const n = this.notes.get(c.nid)!;
          return {
            cardId: c.id,
            fields: this.fieldInfo(n),
            modelName: n.modelName,
            deckName: n.deckName,
            interval: c.ivl,
            note: n.id,
            type: c.type,
            queue: c.queue,
            ord: 0,
          };
        });
      case 'storeMediaFile':
        if (!p.data && !p.path && !p.url) throw new AnkiError('You must provide a "data", "path", or "url" field.');
        this.media.set(String(p.filename), String(p.data ?? ''));
        return p.filename;
      default:
        throw new AnkiError('unsupported action');
    }
  }

  private fieldNames = new Map<string, string | undefined>();

  /** A note type's field by a search's lower-cased name (Anki matches field names case-insensitively). */
  private fieldNamed(modelName: string, lowerName: string): string | undefined {
    const k = `${modelName}\x1f${lowerName}`;
    if (!this.fieldNames.has(k))
      this.fieldNames.set(
        k,
        this.models.get(modelName)?.fields.find((f) => f.toLowerCase() === lowerName),
      );
    return this.fieldNames.get(k);
  }

  private fieldInfo(n: FakeNote) {
    const model = this.models.get(n.modelName)!;
    return Object.fromEntries(model.fields.map((name, order) => [name, { value: n.fields[name] ?? '', order }]));
  }

  private addNote(spec: Record<string, unknown>): number {
    const modelName = String(spec.modelName);
    const model = this.models.get(modelName);
    if (!model) throw new AnkiError(`model was not found: ${modelName}`);
    const deckName = String(spec.deckName);
    if (!this.decks.has(deckName)) throw new AnkiError(`deck was not found: ${deckName}`);
    const fields = Object.fromEntries(model.fields.map((f) => [f, '']));
    // AnkiConnect matches the given field names to the note type's case-insensitively.
    for (const [name, value] of Object.entries((spec.fields as Record<string, string>) ?? {})) {
      const own = model.fields.find((f) => f.toLowerCase() === name.toLowerCase());
      if (own) fields[own] = value;
    }
    const first = fields[model.fields[0]];
    if (!first.trim()) throw new AnkiError('cannot create note because it is empty');
    const allowDuplicate = (spec.options as { allowDuplicate?: boolean } | undefined)?.allowDuplicate === true;
    if (!allowDuplicate && [...this.notes.values()].some((n) => n.modelName === modelName && n.fields[model.fields[0]] === first)) {
      throw new AnkiError('cannot create note because it is a duplicate');
    }
    const id = this.nextId++;
    this.notes.set(id, { id, modelName, deckName, fields, tags: (spec.tags as string[]) ?? [] });
    const cid = this.nextId++;
    this.cards.set(cid, { id: cid, nid: id, type: 0, queue: 0, ivl: 0 });
    return id;
  }

  /**
   * The subset of Anki's search syntax a client like Lectio sends, parsed once into a predicate that a search runs
   * over every note: "quoted" terms, (a OR b), AND by juxtaposition, note:, deck:, field:value (`*` wildcard).
   */
  private compile(query: string): (note: FakeNote) => boolean {
    type Pred = (note: FakeNote) => boolean;
    const tokens = query.match(/"[^"]*"|\(|\)|[^\s()]+/g) ?? [];
    let i = 0;
    const term = (t: string): Pred => {
      const s = t.replace(/^"|"$/g, '');
      const colon = s.indexOf(':');
      if (colon < 0) return (n) => Object.values(n.fields).some((v) => v.toLowerCase().includes(s.toLowerCase()));
      const key = s.slice(0, colon).toLowerCase();
      const value = s.slice(colon + 1);
      const re = new RegExp(`^${value.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i');
      // Without a wildcard a field search is a case-insensitive equality (the common "LectioID:12").
      const lower = value.toLowerCase();
      const like = value.includes('*') ? (v: string) => re.test(v) : (v: string) => v.toLowerCase() === lower;
      if (key === 'note') return (n) => like(n.modelName);
      if (key === 'deck') return (n) => like(n.deckName) || n.deckName.toLowerCase().startsWith(`${lower}::`);
      return (n) => {
        const field = this.fieldNamed(n.modelName, key);
        return field !== undefined && like(n.fields[field] ?? '');
      };
    };
    const orExpr = (): Pred => {
      const parts = [andExpr()];
      while (tokens[i] === 'OR') {
        i++;
        parts.push(andExpr());
      }
      return parts.length === 1 ? parts[0] : (n) => parts.some((p) => p(n));
    };
    const andExpr = (): Pred => {
      const parts: Pred[] = [];
      while (i < tokens.length && tokens[i] !== ')' && tokens[i] !== 'OR') {
        const t = tokens[i++];
        if (t === '(') {
          parts.push(orExpr());
          i++; // ")"
        } else parts.push(term(t));
      }
      return (n) => parts.every((p) => p(n));
    };
    return orExpr();
  }
}
