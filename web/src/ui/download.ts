import { apiBlob, apiFile } from '../api/client.ts';
import { alertError } from './alert-error.ts';

/** Saves a file behind the bearer token under its name; a refusal appears in the alert popup. */
export async function downloadResource(path: string, fileName: string) {
  try {
    save(await apiBlob(path), fileName);
  } catch (error) {
    alertError(error);
  }
}

/** Saves a file under the name the server gives it (a short link names no file). */
export async function downloadNamed(path: string, fallbackName: string): Promise<boolean> {
  try {
    const { blob, fileName } = await apiFile(path);
    save(blob, fileName ?? fallbackName);
    return true;
  } catch (error) {
    alertError(error);
    return false;
  }
}

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
