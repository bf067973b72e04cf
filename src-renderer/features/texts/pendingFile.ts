// Runs in: renderer. A .txt file dropped on the window waits here until the new-text form picks it up; while the
// form is open it takes the file at once (issue 51: a .txt dropped on the New text page's heading or tabs went to
// the window's handler, which navigated to the page already open, and nothing happened).
let pending: File | null = null;
let listener: ((file: File) => void) | null = null;

export function setPendingTextFile(file: File): void {
  if (listener) listener(file);
  else pending = file;
}

export function takePendingTextFile(): File | null {
  const f = pending;
  pending = null;
  return f;
}

/** The open new-text form takes dropped files (a waiting one first) until the returned function is called. */
export function receivePendingTextFiles(receive: (file: File) => void): () => void {
  listener = receive;
  const waiting = takePendingTextFile();
  if (waiting) receive(waiting);
  return () => {
    if (listener === receive) listener = null;
  };
}
