// Runs in: renderer. The file waiting for the import page (dropped on the window, chosen in the New text form or
// on the Books page): handed over in memory, since a File cannot travel in a URL.
let pending: File | null = null;

export function setPendingBookFile(file: File): void {
  pending = file;
}

export function takePendingBookFile(): File | null {
  const f = pending;
  pending = null;
  return f;
}

/** The book formats the server reads (docs/books.md "Formats"). */
export const isBookFile = (name: string) => /\.(epub|pdf|fb2|mobi|azw3?|prc)$/i.test(name);
