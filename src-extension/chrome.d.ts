// Runs in: the extension. The few WebExtension APIs Lectio's extension uses (no @types/chrome is installed; Firefox
// answers the same `chrome` namespace with promises too).

/**
 * True in the bench build only (scripts/build-extension.mjs defines it): the content script then puts its timing
 * figures on <html> for bench/extension.bench.ts and the e2e tests; the production build carries none of it.
 */
declare const __LECTIO_BENCH__: boolean;
declare namespace chrome {
  namespace runtime {
    const id: string;
    function getURL(path: string): string;
    function getManifest(): { name: string; version: string };
    interface MessageSender {
      id?: string;
      tab?: { id?: number; url?: string };
      url?: string;
    }
    function sendMessage<T = unknown>(message: unknown): Promise<T>;
    const onMessage: {
      addListener(cb: (message: unknown, sender: MessageSender, sendResponse: (response: unknown) => void) => boolean | void): void;
    };
  }
  namespace storage {
    interface Area {
      get(keys: string | string[] | null): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
      remove(keys: string | string[]): Promise<void>;
    }
    const local: Area;
    /** In memory, for the browser's session (Chromium 102+, Firefox 115+). */
    const session: Area | undefined;
  }
  namespace tabs {
    interface Tab {
      id?: number;
      url?: string;
    }
    function query(q: { active?: boolean; currentWindow?: boolean }): Promise<Tab[]>;
    function sendMessage<T = unknown>(tabId: number, message: unknown): Promise<T>;
    function create(p: { url: string }): Promise<Tab>;
    function get(tabId: number): Promise<Tab>;
  }
  /** Keyboard shortcuts (the manifest's `commands`); absent where the browser has none. */
  const commands:
    | {
        onCommand: { addListener(cb: (command: string, tab?: tabs.Tab) => void): void };
        getAll(): Promise<{ name?: string; shortcut?: string; description?: string }[]>;
      }
    | undefined;
  namespace action {
    function setBadgeText(d: { text: string; tabId?: number }): Promise<void>;
    function getBadgeText(d: { tabId?: number }): Promise<string>;
    function setBadgeBackgroundColor(d: { color: string }): Promise<void>;
    function setTitle(d: { title: string }): Promise<void>;
  }
}
