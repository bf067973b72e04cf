// Runs in: renderer. The progress bar of a useUpload step: "Uploading n %" while the file goes up, then what the
// server is doing with it (the label of the running upload), nothing when none runs.
import { ProgressBar } from './Page';
import { t } from '../lib/i18n';
import type { Upload } from '../lib/useUpload';

export function UploadProgress<L extends string>({ upload, working }: { upload: Upload<L>; working: Record<L, string> }) {
  if (upload.busy === null) return null;
  return <ProgressBar value={upload.progress} label={upload.progress === null ? working[upload.busy] : t('common.uploading')} />;
}
