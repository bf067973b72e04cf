// Runs in: renderer. The Anki (AnkiConnect) settings: the URL and key typed in and saved when the field is left,
// "send on save", and "Test connection" (ankiSync.check), whose answer or one-line failure the card shows.
import { useEffect, useState } from 'react';
import { USER_SETTING_DEFAULTS } from '../../../src-shared/contract/settings';
import { api } from '../../api/client';
import { showError } from '../../lib/errors';
import { useAction } from '../../lib/useAction';
import { useApp } from '../../stores/app';

export function useAnkiSendSettings() {
  const { settings, saveSetting } = useApp();
  const storedUrl = settings.ankiConnectUrl || USER_SETTING_DEFAULTS.ankiConnectUrl;
  const storedKey = settings.ankiConnectKey ?? '';
  const [url, setUrl] = useState(storedUrl);
  const [key, setKey] = useState(storedKey);
  useEffect(() => setUrl(storedUrl), [storedUrl]);
  useEffect(() => setKey(storedKey), [storedKey]);

  const save = (name: string, value: string) => saveSetting(name, value).catch((err: unknown) => showError(err));
  const check = useAction(() => api.call('ankiSync.check', {}), { report: 'inline' });
  const [connected, setConnected] = useState<{ version: number; url: string } | null>(null);

  return {
    url,
    setUrl,
    key,
    setKey,
    saveUrl: () => (url.trim() !== storedUrl ? save('ankiConnectUrl', url.trim() || USER_SETTING_DEFAULTS.ankiConnectUrl) : undefined),
    saveKey: () => (key !== storedKey ? save('ankiConnectKey', key.trim()) : undefined),
    sendOnSave: settings.ankiSendOnSave === '1',
    setSendOnSave: (on: boolean) => void save('ankiSendOnSave', on ? '1' : '0'),
    test: async () => {
      setConnected(null);
      // Whatever is typed is saved first, so the test checks what a send would use.
      if (url.trim() !== storedUrl) await save('ankiConnectUrl', url.trim() || USER_SETTING_DEFAULTS.ankiConnectUrl);
      if (key !== storedKey) await save('ankiConnectKey', key.trim());
      const r = await check.run();
      if (r) setConnected(r);
    },
    testing: check.busy,
    connected,
    error: check.error,
  };
}
