import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { session } from '../api/session.ts';
import { downloadNamed } from './download.ts';

export interface ExportButtonProps {
  /** API path incl. query, e.g. `/api/export-users?userSearch=meier`. */
  path: string;
  label?: string;
  size?: 'xs' | 'sm' | 'md';
  /**
   * For an export the server answers on GET only (the token in the header, never in a form):
   * the file is fetched and saved under the server's name, or this one.
   */
  fileName?: string;
}

/**
 * The spec's download form post in a new window with the hidden field authTok = 'Bearer <token>'.
 * The browser streams the file straight to disk, however large.
 */
export function postDownload(path: string) {
  const token = session.token();
  if (!token) return;
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = path;
  form.target = '_blank';
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = 'authTok';
  field.value = `Bearer ${token}`;
  form.appendChild(field);
  document.body.appendChild(form);
  form.submit();
  form.remove();
}

/** 'Export XLSX': `postDownload` of the export's path, or with `fileName` fetched and saved. */
export function ExportButton({ path, label = 'Export XLSX', size, fileName }: ExportButtonProps) {
  const [loading, setLoading] = useState(false);
  const run = () => {
    if (fileName === undefined) return postDownload(path);
    setLoading(true);
    void downloadNamed(path, fileName).finally(() => setLoading(false));
  };
  return (
    <Button variant="light" size={size} leftSection={<IconFileSpreadsheet size={16} />} loading={loading} onClick={run}>
      {label}
    </Button>
  );
}
