import { apiBlob, apiFile } from '../api/client.ts';
import { alertError } from './alert-error.ts';

/** Saves a file behind the bearer token under its name; a refusal appears in the alert popup. */
export async function downloadResource(path: string, fileName: string) {
  try {
    saveBlob(await apiBlob(path), fileName);
  } catch (error) {
    alertError(error);
  }
}

/** Saves a file under the name the server gives it (a short link names no file). */
export async function downloadNamed(path: string, fallbackName: string): Promise<boolean> {
  try {
    const { blob, fileName } = await apiFile(path);
    saveBlob(blob, fileName ?? fallbackName);
    return true;
  } catch (error) {
    alertError(error);
    return false;
  }
}

/** Saves bytes the page already holds under a name (the link is revoked after a minute, not at once: some browsers read it late). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
