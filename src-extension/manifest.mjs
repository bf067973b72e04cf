// Runs in: the build (scripts/build-extension.mjs). The extension's two manifests: same code, Chromium and Firefox.
// Permissions: storage (token, per-site choices), activeTab for the popup; host access to every http(s) page (the
// content script) and to the Lectio address (default 127.0.0.1:5170; another server is reached with its own access).
export function manifest(target, version) {
  const common = {
    manifest_version: 3,
    name: 'Lectio',
    description: 'Colours every page by what you know in Lectio, and saves words and pages to your Lectio library.',
    version,
    permissions: ['storage', 'activeTab'],
    host_permissions: ['http://127.0.0.1/*', 'http://localhost/*', '*://*/*'],
    action: { default_popup: 'popup.html', default_title: 'Lectio' },
    // The shortcut to turn colouring on and off for the site (background.ts); the learner can change it in the
    // browser's extension shortcuts page.
    commands: {
      'toggle-site': { suggested_key: { default: 'Alt+Shift+L' }, description: 'Turn Lectio’s colours on or off for this site' },
    },
    content_scripts: [{ matches: ['http://*/*', 'https://*/*'], js: ['content.js'], run_at: 'document_idle', all_frames: false }],
  };
  if (target === 'firefox') {
    return {
      ...common,
      background: { scripts: ['background.js'] },
      // Firefox's data-collection consent: nothing goes to the developer or third parties; page text goes only to
      // the learner's own Lectio (the app on this machine, or their household server).
      browser_specific_settings: { gecko: { id: 'extension@lectio.app', strict_min_version: '142.0', data_collection_permissions: { required: ['none'] } } },
    };
  }
  return { ...common, background: { service_worker: 'background.js' }, minimum_chrome_version: '120' };
}
