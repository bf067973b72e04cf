import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseCliArgs } from '../../src-main/core/config';
import { defaultDataDir } from '../../src-main/core/data-dir';

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({}, {}, '/data');
    expect(c).toMatchObject({
      port: 5170,
      host: '127.0.0.1',
      dataDir: '/data',
      multiUserEnabled: false,
      nlpServiceUrl: 'http://nlp:8000',
      trustProxy: false,
      appUrl: null,
      backupRestoreEnabled: false,
      rateLimitApiPerMinute: 100,
      rateLimitTranscribePer15Minutes: 5,
    });
  });

  it('reads env and lets the command line win', () => {
    const c = loadConfig(
      { LECTIO_PORT: '8080', LECTIO_DATA_DIR: '/env', TRUST_PROXY: 'false', APP_URL: 'https://lectio.local' },
      parseCliArgs(['--port', '0', '--data-dir=/cli']),
      '/data',
    );
    expect(c).toMatchObject({ port: 0, dataDir: '/cli', trustProxy: false });
    expect(c.appUrl?.host).toBe('lectio.local');
  });

  it('takes a blank variable as unset and reads the usual spellings of yes and no', () => {
    const c = loadConfig({ LECTIO_PORT: ' ', TRUST_PROXY: 'Off', MULTI_USER_ENABLED: 'YES', NLP_TIMEOUT_MS: '' }, {}, '/d');
    expect(c).toMatchObject({ port: 5170, trustProxy: false, multiUserEnabled: true, nlpTimeoutMs: 30_000 });
  });

  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ MULTI_USER_ENABLED: 'maybe' }, {}, '/d')).toThrow(/MULTI_USER_ENABLED/);
    expect(() => loadConfig({ NLP_SERVICE_URL: 'ftp://x' }, {}, '/d')).toThrow(/NLP_SERVICE_URL/);
    expect(() => loadConfig({ APP_URL: 'not a url' }, {}, '/d')).toThrow(/APP_URL/);
    expect(() => loadConfig({ LECTIO_PORT: '99999' }, {}, '/d')).toThrow(/LECTIO_PORT/);
    expect(() => loadConfig({ POW_CAPTCHA_ENABLED: 'true' }, {}, '/d')).toThrow(/POW_CAPTCHA_HMAC_KEY/);
    expect(() => loadConfig({ BACKUP_RESTORE_ENABLED: '2' }, {}, '/d')).toThrow(ConfigError);
    expect(() => loadConfig({ LECTIO_PORT: '80' }, { port: 'x' }, '/d')).toThrow('--port: expected an integer 0..65535, got "x"');
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' }, {}, '/d')).toThrow('TRUST_PROXY: expected true or false, got "maybe"');
    expect(() => parseCliArgs(['--bogus'])).toThrow(/--bogus/);
    expect(() => parseCliArgs(['--port'])).toThrow(/needs a value/);
  });

  it('uses the per-user app-data folder', () => {
    expect(defaultDataDir('linux', { XDG_DATA_HOME: '/x' })).toBe('/x/Lectio');
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\a\\AppData\\Roaming' })).toMatch(/Lectio$/);
    expect(defaultDataDir('darwin', {})).toMatch(/Library\/Application Support\/Lectio$/);
  });
});
