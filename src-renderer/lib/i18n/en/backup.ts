// Runs in: renderer. English: the backup screens (back up, restore, move in from LWT or Lute).
export const backup = {
  'backup.restoreFilePrompt': 'Drop a Lectio backup (.zip) here, or choose one',
  'backup.moveInFilePrompt': 'Drop the backup file here, or choose it',
  'backup.restorePutBack':
    'On {date} the library restored from the backup of {backup} could not start ({reason}). Lectio put your previous library back; nothing of it was lost.',
};
