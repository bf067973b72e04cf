// Runs in: renderer. English: pairing a browser extension (the app's Allow dialog, issue 28). The extension's own words
// are in src-extension/i18n/.
export const extension = {
  'pairing.title': 'Connect a browser extension',
  'pairing.question': 'Allow ‘{name}’ (code {code}) to read and change your library?',
  'pairing.reach':
    'This browser extension will be able to read your library, save words and import pages. It will not be able to download a backup, restore one or change settings.',
  'pairing.origin': 'It identifies itself as {origin}. Allow only if the extension shows the same code.',
  'pairing.allow': 'Allow',
  'pairing.deny': 'Deny',
  'pairing.allowed': '‘{name}’ is connected. Revoke it any time in Connected apps.',
};
