import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DOCUMENT_SEARCH_MIN,
  type ZDocumentListResponse,
  type ZDocumentRequest,
  type ZDocumentResponse,
  type ZDocumentSearchResponse,
  type ZFolderListResponse,
  type ZFolderRequest,
  type ZFolderResponse,
  type ZFolderShowResponse,
  type ZFolderTreeResponse,
  type ZShortLinkRequest,
} from '@filialportal/core/documents';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api, query } from '../../api/client.ts';
import { nextFrom } from '../../ui/infinite-rows.ts';

export type Folder = Wire<typeof ZFolderListResponse>['folders'][number];
export type LibraryDocument = Wire<typeof ZDocumentResponse>['document'];
export type SearchResult = Wire<typeof ZDocumentSearchResponse>;
export type FolderBody = z.input<typeof ZFolderRequest>['folder'];
export type DocumentBody = z.input<typeof ZDocumentRequest>['document'];

export const libraryKeys = {
  all: ['library'] as const,
  top: ['library', 'top'] as const,
  folder: (id: string) => ['library', 'folder', id] as const,
  tree: ['library', 'tree'] as const,
  search: (term: string) => ['library', 'search', term] as const,
};

export function useTopFolders(enabled: boolean) {
  return useQuery({ queryKey: libraryKeys.top, queryFn: ({ signal }) => api<Wire<typeof ZFolderListResponse>>('/api/folder/list', { signal }), select: (d) => d.folders, enabled });
}

/** A folder with its sub-folders and documents; further documents 50 at a time. */
export function useFolder(id: string | null) {
  return useInfiniteQuery({
    queryKey: libraryKeys.folder(id ?? ''),
    enabled: id !== null,
    initialPageParam: 0,
    queryFn: async ({ pageParam, signal }) => {
      if (pageParam === 0) {
        const { folder } = await api<Wire<typeof ZFolderShowResponse>>(`/api/folder/show/${id}`, { signal });
        return { folder, documents: folder.documents, count: folder.documentCount };
      }
      const page = await api<Wire<typeof ZDocumentListResponse>>(`/api/document/list/${pageParam}${query({ folder: id! })}`, { signal });
      return { folder: null, documents: page.documents, count: page.count };
    },
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((n, p) => n + p.documents.length, 0);
      return last.documents.length > 0 && shown < last.count ? shown : undefined;
    },
  });
}

export function useFolderTree(enabled = true) {
  return useQuery({ queryKey: libraryKeys.tree, queryFn: ({ signal }) => api<Wire<typeof ZFolderTreeResponse>>('/api/folder/listall', { signal }), select: (d) => d.folders, enabled });
}

/** The search's pages: the best DOCUMENT_SEARCH_CAP matches, DOCUMENT_SEARCH_PAGE_SIZE at a time; the folders come with the first. */
export function useDocumentSearch(term: string) {
  const t = term.trim();
  return useInfiniteQuery({
    queryKey: libraryKeys.search(t),
    queryFn: ({ pageParam, signal }) => api<SearchResult>(`/api/documentsearch/${encodeURIComponent(t)}${query({ from: pageParam || undefined })}`, { method: 'POST', signal }),
    initialPageParam: 0,
    getNextPageParam: nextFrom(
      (p: SearchResult) => p.documents,
      (p) => p.count,
    ),
    enabled: t.length >= DOCUMENT_SEARCH_MIN,
    placeholderData: keepPreviousData,
  });
}

/** After any change the library's views load anew. */
function useLibraryMutation<V, R>(request: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => client.invalidateQueries({ queryKey: libraryKeys.all }) });
}

export const useSaveFolder = () =>
  useLibraryMutation((folder: FolderBody) => api<Wire<typeof ZFolderResponse>>('/api/folder', { method: folder.__identity ? 'PUT' : 'POST', body: { folder } }));
export const useSaveDocument = () => useLibraryMutation((document: DocumentBody) => api<Wire<typeof ZDocumentResponse>>('/api/document', { method: 'PUT', body: { document } }));
export const useDeleteFolder = () => useLibraryMutation((id: string) => api(`/api/folder/${id}`, { method: 'DELETE' }));
export const useDeleteDocument = () => useLibraryMutation((id: string) => api(`/api/document/${id}`, { method: 'DELETE' }));
export const useSetShortLink = () =>
  useLibraryMutation(({ kind, id, body }: { kind: 'document' | 'folder'; id: string; body: z.input<typeof ZShortLinkRequest> }) =>
    api(`/api/${kind === 'document' ? 'documentsl' : 'foldersl'}/${id}`, { method: 'PUT', body }),
  );
export const useInvalidateLibrary = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: libraryKeys.all });
};
