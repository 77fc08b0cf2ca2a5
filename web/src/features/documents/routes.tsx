import { lazy } from 'react';
import { IconFolders } from '@tabler/icons-react';
import type { Feature } from '../../shell-api/feature.ts';
import { DocumentShortLink, FolderShortLink } from './ShortLinkOpeners.tsx';

const DocumentsPage = lazy(() => import('./DocumentsPage.tsx').then((m) => ({ default: m.DocumentsPage })));

const SEE = { anyOf: ['dokument_oder_ordner_eigene_sehen', 'dokument_oder_ordner_alle_sehen'] } as const;

export const DOCUMENTS_FEATURE: Feature = {
  routes: [
    { path: 'dokumente', permission: SEE, element: <DocumentsPage />, nav: { label: 'Dokumente', order: 9, icon: IconFolders } },
    { path: 'dokumente/:folderId', permission: SEE, element: <DocumentsPage /> },
    { path: 'sl/:link', permission: SEE, element: <DocumentShortLink /> },
    { path: 'slf/:link', permission: SEE, element: <FolderShortLink /> },
  ],
};
