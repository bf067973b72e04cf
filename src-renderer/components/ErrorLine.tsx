// Runs in: renderer. The one error line under a form or a step: what went wrong, announced to screen readers
// (role="alert"); nothing when there is no error.
export function ErrorLine({ error, className }: { error: string | null | undefined; className?: string }) {
  if (!error) return null;
  return (
    <p className={className ? `error-text ${className}` : 'error-text'} role="alert">
      {error}
    </p>
  );
}
