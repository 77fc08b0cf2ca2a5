import { apiBlob } from '../api/client.ts';
import { alertError } from './alert-error.ts';

/** Saves a file behind the bearer token under its name; a refusal appears in the alert popup. */
export async function downloadResource(path: string, fileName: string) {
  try {
    const blob = await apiBlob(path);
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    a.rel = 'noopener';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    alertError(error);
  }
}
