// Issue 43 / 45: every endpoint states who may call it (its `access` in the contract), and this table holds each one:
// an endpoint renamed, added or moved to another scope changes its row, so the change is a test failure to read,
// never a silent widening. The callers are read from each declaration (src-shared/contract/token-scopes.ts
// callersOf); docs/security.md "Who may call what" says what each word means. tests/security/foreign-origins.test.ts
// holds every route to "never a web site".
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract } from '../../src-shared/contract';
import { endpoint, type EndpointAccess } from '../../src-shared/contract/endpoint';
import { callersOf } from '../../src-shared/contract/token-scopes';
import { Registry, type Handler } from '../../src-main/registry';
import { makeTestCore } from '../helpers/core';

/** [endpoint, route, callers]. */
const TABLE: [string, string, string][] = [
  ['activity.calendar', 'GET /api/v1/activity/calendar', 'page, token:read'],
  ['activity.dashboard', 'GET /api/v1/activity/dashboard', 'page, token:read'],
  ['activity.knownWords', 'GET /api/v1/activity/known-words', 'page, token:read'],
  ['activity.readingTime', 'POST /api/v1/activity/reading-time', 'page, token:vocabulary'],
  ['activity.streak', 'GET /api/v1/activity/streak', 'page, token:read'],
  ['activity.today', 'GET /api/v1/activity/today', 'page, token:read'],
  ['admin.server', 'GET /api/v1/admin/server', 'page (admin), token:manage'],
  ['admin.users.delete', 'DELETE /api/v1/admin/users/:id', 'page (admin), token:manage'],
  ['admin.users.list', 'GET /api/v1/admin/users', 'page (admin), token:manage'],
  ['admin.users.setPassword', 'POST /api/v1/admin/users/:id/password', 'page (admin), token:manage'],
  ['admin.users.update', 'PUT /api/v1/admin/users/:id', 'page (admin), token:manage'],
  ['ankiconnect.configure', 'POST /api/v1/ankiconnect', 'page, token:manage'],
  ['ankiconnect.invoke', '-', 'ankiconnect'],
  ['ankiconnect.status', 'GET /api/v1/ankiconnect', 'page, token:read'],
  ['ankiSync.check', 'GET /api/v1/anki-sync/check', 'page, token:read'],
  ['ankiSync.pullStatuses', 'POST /api/v1/anki-sync/statuses', 'page, token:manage'],
  ['ankiSync.send', 'POST /api/v1/anki-sync/send', 'page, token:manage'],
  ['annotate.blocks', 'POST /api/v1/annotate', 'page, token:read'],
  ['apkg.export', 'GET /vocabulary/apkg/export', 'page, token:read'],
  ['apkg.exportSelection', 'POST /vocabulary/apkg/export', 'page, token:import'],
  ['apkg.importDeck', 'POST /api/v1/apkg/import-deck', 'page, token:import'],
  ['apkg.inspect', 'POST /api/v1/apkg/inspect', 'page, token:import'],
  ['apkg.reimport', 'POST /vocabulary/apkg/import', 'page, token:import'],
  ['auth.challenge', 'GET /api/v1/auth/challenge', 'anyone'],
  ['auth.changePassword', 'POST /api/v1/auth/password', 'page, token:manage'],
  ['auth.deleteAccount', 'POST /api/v1/auth/delete-account', 'page, token:manage'],
  ['auth.forgot', 'POST /api/v1/auth/forgot', 'anyone'],
  ['auth.form.forgot', 'POST /password/forgot', 'anyone'],
  ['auth.form.login', 'POST /login', 'anyone'],
  ['auth.form.logout', 'POST /logout', 'page, token:manage'],
  ['auth.form.recover', 'POST /password/recover', 'anyone'],
  ['auth.form.register', 'POST /register', 'anyone'],
  ['auth.form.resendVerification', 'POST /email/resend-verification', 'page, token:manage'],
  ['auth.form.reset', 'POST /password/reset', 'anyone'],
  ['auth.login', 'POST /api/v1/auth/login', 'anyone'],
  ['auth.logout', 'POST /api/v1/auth/logout', 'page, token:read'],
  ['auth.me', 'GET /api/v1/auth/me', 'page, token:read'],
  ['auth.newRecoveryCode', 'POST /api/v1/auth/recovery-code', 'page, token:manage'],
  ['auth.options', 'GET /api/v1/auth/options', 'anyone'],
  ['auth.recover', 'POST /api/v1/auth/recover', 'anyone'],
  ['auth.refresh', 'POST /api/v1/auth/refresh', 'page, token:read'],
  ['auth.register', 'POST /api/v1/auth/register', 'anyone'],
  ['auth.resendVerification', 'POST /api/v1/auth/resend-verification', 'page, token:manage'],
  ['auth.reset', 'POST /api/v1/auth/reset', 'anyone'],
  ['auth.tokens.create', 'POST /api/v1/auth/tokens', 'page, token:manage'],
  ['auth.tokens.list', 'GET /api/v1/auth/tokens', 'page, token:manage'],
  ['auth.tokens.revoke', 'DELETE /api/v1/auth/tokens/:id', 'page, token:manage'],
  ['auth.verifyEmail', 'GET /api/v1/auth/verify-email', 'anyone'],
  ['backup.download', 'GET /api/v1/backup', 'page, token:manage'],
  ['backup.empty', 'POST /api/v1/database/empty', 'page, token:manage'],
  ['backup.restore', 'POST /api/v1/backup/restore', 'page, token:manage'],
  ['backup.saveNow', 'POST /api/v1/backup/save', 'page, token:manage'],
  ['backup.saveSettings', 'PUT /api/v1/backup/settings', 'page, token:manage'],
  ['backup.settings', 'GET /api/v1/backup/settings', 'page, token:manage'],
  ['books.addLanguageTerms', 'POST /api/v1/languages/:id/coverage/terms', 'page, token:import'],
  ['books.addTerms', 'POST /api/v1/books/:id/terms', 'page, token:import'],
  ['books.cover', 'GET /api/v1/books/:id/cover', 'page, token:read'],
  ['books.coverage', 'GET /api/v1/books/:id/coverage', 'page, token:read'],
  ['books.create', 'POST /api/v1/books', 'page, token:import'],
  ['books.delete', 'DELETE /api/v1/books/:id', 'page, token:import'],
  ['books.difficulty', 'GET /api/v1/books/:id/difficulty', 'page, token:read'],
  ['books.get', 'GET /api/v1/books/:id', 'page, token:read'],
  ['books.languageCoverage', 'GET /api/v1/languages/:id/coverage', 'page, token:read'],
  ['books.list', 'GET /api/v1/books', 'page, token:read'],
  ['books.nextWords', 'GET /api/v1/languages/:id/next-words', 'page, token:read'],
  ['books.ofText', 'GET /api/v1/books/of-text/:text_id', 'page, token:read'],
  ['books.pictures', 'PUT /api/v1/books/:id/pictures', 'page, token:import'],
  ['books.preview', 'POST /api/v1/books/preview', 'page, token:import'],
  ['books.progress', 'PUT /api/v1/books/:id/progress', 'page, token:import'],
  ['books.textCoverage', 'GET /api/v1/texts/:id/coverage', 'page, token:read'],
  ['dictionaries.create', 'POST /api/v1/local-dictionaries', 'page, token:manage'],
  ['dictionaries.curated', 'GET /api/v1/local-dictionaries/curated', 'page, token:read'],
  ['dictionaries.delete', 'DELETE /api/v1/local-dictionaries/:id', 'page, token:manage'],
  ['dictionaries.import', 'POST /api/v1/local-dictionaries/:id/import', 'page, token:manage'],
  ['dictionaries.importCurated', 'POST /api/v1/local-dictionaries/import-curated', 'page, token:manage'],
  ['dictionaries.list', 'GET /api/v1/local-dictionaries', 'page, token:read'],
  ['dictionaries.lookup', 'GET /api/v1/local-dictionaries/lookup', 'page, token:read'],
  ['dictionaries.update', 'PUT /api/v1/local-dictionaries/:id', 'page, token:manage'],
  ['dictionaries.upload', 'POST /api/v1/local-dictionaries/upload', 'page, token:manage'],
  ['feeds.articles', 'GET /api/v1/feeds/:id/articles', 'page, token:read'],
  ['feeds.create', 'POST /api/v1/feeds', 'page, token:import'],
  ['feeds.curated', 'GET /api/v1/feeds/curated', 'page, token:read'],
  ['feeds.delete', 'DELETE /api/v1/feeds/:id', 'page, token:import'],
  ['feeds.deleteArticles', 'DELETE /api/v1/feeds/articles/:id', 'page, token:import'],
  ['feeds.exportOpml', 'GET /api/v1/feeds/opml', 'page, token:read'],
  ['feeds.get', 'GET /api/v1/feeds/:id', 'page, token:read'],
  ['feeds.importArticles', 'POST /api/v1/feeds/articles/import', 'page, token:import'],
  ['feeds.importOpml', 'POST /api/v1/feeds/opml', 'page, token:import'],
  ['feeds.list', 'GET /api/v1/feeds/list', 'page, token:read'],
  ['feeds.previewArticle', 'POST /api/v1/feeds/preview-article', 'page, token:import'],
  ['feeds.probe', 'POST /api/v1/feeds/probe', 'page, token:import'],
  ['feeds.refresh', 'POST /api/v1/feeds/:id/refresh', 'page, token:import'],
  ['feeds.update', 'PUT /api/v1/feeds/:id', 'page, token:import'],
  ['import.dismissInterrupted', 'DELETE /api/v1/import/interrupted', 'page, token:manage'],
  ['import.interrupted', 'GET /api/v1/import/interrupted', 'page, token:read'],
  ['import.lute', 'POST /api/v1/import/lute', 'page, token:manage'],
  ['import.lwt', 'POST /api/v1/import/lwt', 'page, token:manage'],
  ['languages.create', 'POST /api/v1/languages', 'page, token:manage'],
  ['languages.delete', 'DELETE /api/v1/languages/:id', 'page, token:manage'],
  ['languages.get', 'GET /api/v1/languages/:id', 'page, token:read'],
  ['languages.list', 'GET /api/v1/languages', 'page, token:read'],
  ['languages.presets', 'GET /api/v1/languages/presets', 'page, token:read'],
  ['languages.removeWordCorrection', 'DELETE /api/v1/languages/:id/word-corrections/:correctionId', 'page, token:manage'],
  ['languages.update', 'PUT /api/v1/languages/:id', 'page, token:manage'],
  ['languages.wordCorrections', 'GET /api/v1/languages/:id/word-corrections', 'page, token:read'],
  ['legacy.termStatus', 'POST /vocabulary/term/status', 'page, token:vocabulary'],
  ['legacy.wordShow', 'GET /word/show', 'page, token:read'],
  ['lemmas.catalogue', 'GET /api/v1/lemmas/catalogue', 'page, token:read'],
  ['lemmas.download', 'POST /api/v1/lemmas/download', 'page, token:manage'],
  ['lemmas.fill', 'POST /api/v1/lemmas/fill', 'page, token:manage'],
  ['lemmas.import', 'POST /api/v1/lemmas/import', 'page, token:manage'],
  ['lemmas.importPreview', 'POST /api/v1/lemmas/import/preview', 'page, token:manage'],
  ['lemmas.nlpAvailable', 'GET /api/v1/lemmas/nlp-available', 'page, token:read'],
  ['lemmas.status', 'GET /api/v1/lemmas/status', 'page, token:read'],
  ['lemmas.suggest', 'GET /api/v1/lemmas/suggest', 'page, token:read'],
  ['library.extractEpubUrl', 'POST /api/v1/texts/extract-epub-url', 'page, token:import'],
  ['library.fromUrl', 'POST /api/v1/texts/from-url', 'page, token:import'],
  ['library.gutenberg', 'GET /api/v1/library/gutenberg', 'page, token:read'],
  ['library.import', 'POST /api/v1/library/import', 'page, token:import'],
  ['library.kidsSearch', 'GET /api/v1/texts/kids-search', 'page, token:read'],
  ['library.preview', 'GET /api/v1/texts/library-preview', 'page, token:read'],
  ['library.readerLevel', 'GET /api/v1/texts/reader-level', 'page, token:read'],
  ['media.get', 'GET /api/v1/media/:media_id', 'page, token:read'],
  ['pairing.answer', 'POST /api/v1/pairing/:id/answer', 'page, token:manage'],
  ['pairing.create', 'POST /api/v1/pairing', 'extension-origin'],
  ['pairing.pending', 'GET /api/v1/pairing/pending', 'page, token:read'],
  ['pairing.poll', 'POST /api/v1/pairing/poll', 'extension-origin'],
  ['reader.correctWords', 'POST /api/v1/texts/:id/word-corrections', 'page, token:vocabulary'],
  ['reader.markAllIgnored', 'POST /api/v1/texts/:id/mark-all-ignored', 'page, token:vocabulary'],
  ['reader.markAllKnown', 'POST /api/v1/texts/:id/mark-all-known', 'page, token:vocabulary'],
  ['reader.markKnownUntil', 'POST /api/v1/texts/:id/mark-known-until', 'page, token:vocabulary'],
  ['reader.multiCreate', 'POST /api/v1/terms/multi', 'page, token:vocabulary'],
  ['reader.multiUpdate', 'PUT /api/v1/terms/multi/:id', 'page, token:vocabulary'],
  ['reader.quickTerm', 'POST /api/v1/terms/quick', 'page, token:vocabulary'],
  ['reader.view', 'GET /api/v1/texts/:id/reader', 'page, token:read'],
  ['reader.words', 'GET /api/v1/texts/:id/words', 'page, token:read'],
  ['review.config', 'GET /api/v1/review/config', 'page, token:read'],
  ['review.memoryState', 'GET /api/v1/review/memory-state/:term_id', 'page, token:read'],
  ['review.nextWord', 'GET /api/v1/review/next-word', 'page, token:read'],
  ['review.setStatus', 'PUT /api/v1/review/status', 'page, token:vocabulary'],
  ['review.tableWords', 'GET /api/v1/review/table-words', 'page, token:read'],
  ['review.tomorrowCount', 'GET /api/v1/review/tomorrow-count', 'page, token:read'],
  ['sentences.withTerm', 'GET /api/v1/sentences-with-term', 'page, token:read'],
  ['sentences.withTermId', 'GET /api/v1/sentences-with-term/:word_id', 'page, token:read'],
  ['settings.all', 'GET /api/v1/settings', 'page, token:read'],
  ['settings.save', 'POST /api/v1/settings', 'page, token:manage'],
  ['settings.statusDefinitions', 'GET /api/v1/settings/status-definitions', 'page, token:read'],
  ['system.jobs', 'GET /api/v1/jobs', 'page, token:manage'],
  ['system.version', 'GET /api/v1/version', 'anyone'],
  ['tags.create', 'POST /api/v1/tags', 'page, token:vocabulary'],
  ['tags.createForm', 'POST /tags/new', 'page, token:vocabulary'],
  ['tags.delete', 'DELETE /api/v1/tags/:id', 'page, token:vocabulary'],
  ['tags.get', 'GET /api/v1/tags/:id', 'page, token:read'],
  ['tags.list', 'GET /api/v1/tags', 'page, token:read'],
  ['tags.update', 'PUT /api/v1/tags/:id', 'page, token:vocabulary'],
  ['terms.bulkAction', 'PUT /api/v1/terms/bulk-action', 'page, token:vocabulary'],
  ['terms.create', 'POST /api/v1/terms', 'page, token:vocabulary'],
  ['terms.delete', 'DELETE /api/v1/terms/:id', 'page, token:vocabulary'],
  ['terms.export', 'GET /api/v1/terms/export', 'page, token:read'],
  ['terms.familyApply', 'PUT /api/v1/terms/family/apply', 'page, token:vocabulary'],
  ['terms.get', 'GET /api/v1/terms/:id', 'page, token:read'],
  ['terms.import', 'POST /api/v1/terms/import', 'page, token:import'],
  ['terms.imported', 'GET /api/v1/terms/imported', 'page, token:read'],
  ['terms.importPreview', 'POST /api/v1/terms/import/preview', 'page, token:import'],
  ['terms.list', 'GET /api/v1/terms', 'page, token:read'],
  ['terms.similar', 'GET /api/v1/terms/similar', 'page, token:read'],
  ['terms.update', 'PUT /api/v1/terms/:id', 'page, token:vocabulary'],
  ['texts.archive', 'PUT /api/v1/texts/:id/archive', 'page, token:import'],
  ['texts.attachAudio', 'POST /api/v1/texts/:id/audio', 'page, token:import'],
  ['texts.audioPosition', 'PUT /api/v1/texts/:id/audio-position', 'page, token:import'],
  ['texts.byLanguage', 'GET /api/v1/texts/by-language/:id', 'page, token:read'],
  ['texts.create', 'POST /api/v1/texts', 'page, token:import'],
  ['texts.delete', 'DELETE /api/v1/texts/:id', 'page, token:import'],
  ['texts.finished', 'POST /api/v1/texts/:id/finished', 'page, token:import'],
  ['texts.get', 'GET /api/v1/texts/:id', 'page, token:read'],
  ['texts.importSubtitles', 'POST /api/v1/texts/import-subtitles', 'page, token:import'],
  ['texts.list', 'GET /api/v1/texts', 'page, token:read'],
  ['texts.printPlain', 'GET /text/print-plain', 'page, token:read'],
  ['texts.readingPosition', 'PUT /api/v1/texts/:id/reading-position', 'page, token:import'],
  ['texts.saveTimings', 'PUT /api/v1/texts/:id/timings', 'page, token:import'],
  ['texts.timings', 'GET /api/v1/texts/:id/timings', 'page, token:read'],
  ['texts.unfinished', 'DELETE /api/v1/texts/:id/finished', 'page, token:import'],
  ['texts.update', 'PUT /api/v1/texts/:id', 'page, token:import'],
  ['texts.upload', 'POST /api/v1/texts/upload', 'page, token:import'],
  ['textTags.create', 'POST /api/v1/text-tags', 'page, token:import'],
  ['textTags.delete', 'DELETE /api/v1/text-tags/:id', 'page, token:import'],
  ['textTags.list', 'GET /api/v1/text-tags', 'page, token:read'],
  ['textTags.update', 'PUT /api/v1/text-tags/:id', 'page, token:import'],
  ['translation.cacheList', 'GET /api/v1/translation/cache', 'page, token:read'],
  ['translation.clearCache', 'DELETE /api/v1/translation/cache', 'page, token:manage'],
  ['translation.forgetCached', 'DELETE /api/v1/translation/cache/:id', 'page, token:manage'],
  ['translation.saveSettings', 'POST /api/v1/translation/settings', 'page, token:manage'],
  ['translation.settings', 'GET /api/v1/translation/settings', 'page, token:read'],
  ['translation.startTextJob', 'POST /api/v1/texts/:id/translation/job', 'page, token:manage'],
  ['translation.stopTextJob', 'DELETE /api/v1/texts/:id/translation/job', 'page, token:manage'],
  ['translation.textJob', 'GET /api/v1/texts/:id/translation/job', 'page, token:read'],
  ['translation.translate', 'POST /api/v1/translation', 'page, token:vocabulary'],
  ['translation.translateText', 'POST /api/v1/texts/:id/translation', 'page, token:vocabulary'],
  ['translation.translateWord', 'POST /api/v1/translation/word', 'page, token:vocabulary'],
  ['webDictionaries.embeddable', 'GET /api/v1/web-dictionaries/embeddable', 'page, token:read'],
  ['whisper.available', 'GET /api/v1/whisper/available', 'page, token:read'],
  ['whisper.cancel', 'DELETE /api/v1/whisper/job/:job_id', 'page, token:import'],
  ['whisper.createText', 'POST /api/v1/whisper/job/:job_id/text', 'page, token:import'],
  ['whisper.languages', 'GET /api/v1/whisper/languages', 'page, token:read'],
  ['whisper.models', 'GET /api/v1/whisper/models', 'page, token:read'],
  ['whisper.result', 'GET /api/v1/whisper/result/:job_id', 'page, token:read'],
  ['whisper.status', 'GET /api/v1/whisper/status/:job_id', 'page, token:read'],
  ['whisper.transcribe', 'POST /api/v1/whisper/transcribe', 'page, token:import'],
  ['wordFamilies.list', 'GET /api/v1/word-families', 'page, token:read'],
  ['wordFamilies.stats', 'GET /api/v1/word-families/stats', 'page, token:read'],
  ['youtube.configured', 'GET /api/v1/youtube/configured', 'page, token:read'],
  ['youtube.import', 'POST /api/v1/youtube/import', 'page, token:import'],
  ['youtube.list', 'GET /api/v1/youtube', 'page, token:read'],
  ['youtube.video', 'GET /api/v1/youtube/video', 'page, token:read'],
];

describe('who may call each endpoint', () => {
  it('is the table, row for row', () => {
    const actual = Object.entries(contract)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, spec]): [string, string, string] => [name, spec.path ? `${spec.method} ${spec.path}` : '-', callersOf(spec)]);
    expect(actual).toEqual(TABLE);
  });

  it('covers every handler the server registers', () => {
    const core = makeTestCore();
    try {
      const listed = new Set(TABLE.map(([name]) => name));
      expect(
        core.registry
          .all()
          .filter((h) => !listed.has(h.name))
          .map((h) => h.name),
      ).toEqual([]);
    } finally {
      core.cleanup();
    }
  });

  it('is declared on every endpoint: one without `access` is a type error, and the registry refuses it at run time', { timeout: 120_000 }, () => {
    const ROOT = path.resolve(__dirname, '../..');
    const file = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), ts.sys.readFile);
    const opts = { ...ts.parseJsonConfigFileContent(file.config, ts.sys, ROOT).options, types: [], noEmit: true };
    // A contract file held in memory beside the real ones, declared as every contract file declares its endpoints.
    const probe = path.join(ROOT, 'src-shared/contract/access-probe.ts');
    /** The type errors of a contract file holding `declaration`. */
    const errorsOf = (declaration: string, old?: ts.Program) => {
      const text = `import { z } from 'zod';\nimport { endpoint, returns } from './endpoint';\nexport const probeContract = {\n  'probe.get': endpoint({ ${declaration} input: z.object({}), output: returns<number>() }),\n};\n`;
      const host = ts.createCompilerHost(opts);
      const [read, exists] = [host.readFile.bind(host), host.fileExists.bind(host)];
      host.readFile = (f) => (path.resolve(f) === probe ? text : read(f));
      host.fileExists = (f) => path.resolve(f) === probe || exists(f);
      const program = ts.createProgram({ rootNames: [probe], options: opts, host, oldProgram: old });
      return { program, errors: program.getSemanticDiagnostics(program.getSourceFile(probe)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' ')) };
    };
    const declared = errorsOf("method: 'GET', path: '/api/v1/probe', access: 'read',");
    expect(declared.errors).toEqual([]);
    // Declared without it (a new endpoint, or an old one copied and renamed): the compiler refuses it.
    expect(errorsOf("method: 'GET', path: '/api/v1/probe',", declared.program).errors.some((e) => e.includes("'access'"))).toBe(true);
    // A word that is no scope is refused as well.
    expect(errorsOf("method: 'GET', path: '/api/v1/probe', access: 'write',", declared.program).errors.some((e) => e.includes('"write"'))).toBe(true);

    // Built around the types (a cast, plain JS): the registry refuses it before it serves anyone.
    const spec = endpoint({ method: 'GET', path: '/api/v1/x', access: 'read', input: z.object({}), output: undefined });
    const handler = (access: unknown): Handler => ({ ...spec, name: 'x.get', access: access as EndpointAccess, run: () => null });
    expect(() => new Registry([handler(undefined)])).toThrow(/x\.get declares no access/);
    expect(() => new Registry([handler('read')])).not.toThrow();
  });
});
