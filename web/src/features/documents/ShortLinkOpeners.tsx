import { useEffect, useRef } from 'react';
import { Center, Loader } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../api/client.ts';
import { alertError } from '../../ui/alert-error.ts';
import { downloadNamed } from '../../ui/download.ts';

/** Runs once per mount, also under React's double effects in development. */
function useOnce(run: () => void) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    run();
  });
}

/** /sl/{link} (spec 2 §2): downloads the document of the short link, then the address returns to the start. */
export function DocumentShortLink() {
  const { link = '' } = useParams();
  const navigate = useNavigate();
  useOnce(() => void downloadNamed(`/api/download/${encodeURIComponent(link)}`, link).then(() => navigate('/', { replace: true })));
  return (
    <Center py="xl">
      <Loader aria-label="Dokument wird geladen" />
    </Center>
  );
}

/** /slf/{link}: opens the folder of the short link in 'Dokumente'. */
export function FolderShortLink() {
  const { link = '' } = useParams();
  const navigate = useNavigate();
  useOnce(() =>
    void api<{ folder: { id: string } }>(`/api/folder/showbyshortlink/${encodeURIComponent(link)}`).then(
      ({ folder }) => navigate(`/dokumente/${folder.id}`, { replace: true }),
      (error: unknown) => {
        alertError(error);
        void navigate('/dokumente', { replace: true });
      },
    ),
  );
  return (
    <Center py="xl">
      <Loader aria-label="Ordner wird geöffnet" />
    </Center>
  );
}
