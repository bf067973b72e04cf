// Runs in: any process. Term statuses and their display definitions (served by /api/v1/settings/status-definitions).

export const TERM_STATUSES = [1, 2, 3, 4, 5, 98, 99] as const;
export type TermStatus = (typeof TERM_STATUSES)[number];
export const LEARNING_STATUSES = [1, 2, 3, 4, 5] as const;
export const STATUS_IGNORED = 98;
export const STATUS_WELL_KNOWN = 99;

export const isTermStatus = (n: unknown): n is TermStatus => TERM_STATUSES.includes(n as TermStatus);

export interface StatusDefinition {
  status: TermStatus;
  abbreviation: string;
  name: string;
  cssClass: string;
  /** Background colour of a word with this status in the reader (light theme). */
  color: string;
  /** Same in dark theme. */
  colorDark: string;
  order: number;
}

// Colours run from warm (new) to cool (nearly known); 98/99 are unmarked in the reader.
export const STATUS_DEFINITIONS: readonly StatusDefinition[] = [
  { status: 1, abbreviation: '1', name: 'New', cssClass: 'status1', color: '#f5b8a9', colorDark: '#7a3b2e', order: 1 },
  { status: 2, abbreviation: '2', name: 'Recognized', cssClass: 'status2', color: '#f5cca9', colorDark: '#7a5330', order: 2 },
  { status: 3, abbreviation: '3', name: 'Familiar', cssClass: 'status3', color: '#f5e1a9', colorDark: '#6e6030', order: 3 },
  { status: 4, abbreviation: '4', name: 'Learned', cssClass: 'status4', color: '#e5f5a9', colorDark: '#56672c', order: 4 },
  { status: 5, abbreviation: '5', name: 'Known', cssClass: 'status5', color: '#c8efc0', colorDark: '#2f5f36', order: 5 },
  { status: 98, abbreviation: 'Ign', name: 'Ignored', cssClass: 'status98', color: 'transparent', colorDark: 'transparent', order: 6 },
  { status: 99, abbreviation: 'WKn', name: 'Well known', cssClass: 'status99', color: 'transparent', colorDark: 'transparent', order: 7 },
];

/** Unknown words (no term yet) are status 0 in the reader. */
export const STATUS_UNKNOWN = 0;
export const UNKNOWN_COLOR = '#a9d8f5';
export const UNKNOWN_COLOR_DARK = '#1f4f73';
