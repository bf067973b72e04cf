// Runs in: any process. The coverage list as CSV (RFC 4180: fields with a comma, quote or line break are quoted,
// quotes doubled), one row per word in learning order, for a spreadsheet or another flashcard tool.
export interface CsvWord {
  word: string;
  count: number;
  translation: string;
  sentence: string;
}

const field = (value: string | number) => {
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export function coverageCsv(words: readonly CsvWord[]): string {
  const rows = [['rank', 'word', 'count', 'translation', 'sentence'].join(',')];
  words.forEach((w, i) => rows.push([i + 1, w.word, w.count, w.translation, w.sentence].map(field).join(',')));
  return rows.join('\r\n') + '\r\n';
}
