// Runs in: renderer. Which books of a Kindle My Clippings.txt the term import keeps (the preview's checkboxes):
// the file mixes the learner's languages and holds no language, so the learner unticks the books of other languages.
// A store of its own so the term import's hook only reads the choice when it imports.
import { create } from 'zustand';
import type { TermImportPreview } from '../../../src-shared/contract/terms';

interface ClippingsChoice {
  /** Preview indexes of the books left out. */
  unticked: ReadonlySet<number>;
  toggle(index: number): void;
  reset(): void;
}

export const useClippingsChoice = create<ClippingsChoice>((set) => ({
  unticked: new Set(),
  toggle: (index) =>
    set((s) => {
      const next = new Set(s.unticked);
      if (!next.delete(index)) next.add(index);
      return { unticked: next };
    }),
  reset: () => set({ unticked: new Set() }),
}));

/** The `clippings_books` of an import: the ticked books, or nothing when the file is not Kindle's highlights. */
export function chosenClippingsBooks(preview: TermImportPreview | null): { clippings_books?: number[] } {
  if (!preview?.clippings) return {};
  const { unticked } = useClippingsChoice.getState();
  return { clippings_books: preview.clippings.books.map((_, i) => i).filter((i) => !unticked.has(i)) };
}
