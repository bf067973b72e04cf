// Runs in: renderer. English: term status names (the contract keeps the English ones for the API).
export const status = {
  'status.0': 'Unknown',
  'status.1': 'New',
  'status.2': 'Recognized',
  'status.3': 'Familiar',
  'status.4': 'Learned',
  'status.5': 'Known',
  'status.98': 'Ignored',
  'status.99': 'Well known',
  'status.abbr98': 'Ign',
  'status.abbr99': '✓',
} as const;
