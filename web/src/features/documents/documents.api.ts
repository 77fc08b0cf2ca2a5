import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DOCUMENT_SEARCH_MIN,
  FOLDER_LEVEL_MAX,
  type ZDocumentListResponse,
  type ZDocumentRequest,
  type ZDocumentResponse,
  type ZDocumentSearchResponse,
  type ZFolderListResponse,
  type ZFolderRequest,
  type ZFolderResponse,
  type ZFolderShowResponse,
  type ZFolderTreeLevelResponse,
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
  /** The picker's levels: the top (''), or a folder's sub-folders. */
  level: (parent: string | null) => ['library', 'level', parent ?? ''] as const,
  opened: (id: string) => ['library', 'opened', id] as const,
  matches: (term: string) => ['library', 'matches', term] as const,
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

type TreeLevel = Wire<typeof ZFolderTreeLevelResponse>;
export type FolderChoice = TreeLevel['folders'][number];
const treeUrl = (q: Record<string, string | undefined>) => `/api/folder/tree${query(q)}`;

/** One level of the folder picker, loaded when it is opened (the top when `parent` is null). */
export function useFolderLevel(parent: string | null) {
  return useQuery({ queryKey: libraryKeys.level(parent), queryFn: ({ signal }) => api<TreeLevel>(treeUrl({ parent: parent ?? undefined }), { signal }) });
}

/**
 * The picker opened on a chosen folder: the top level and every level down to it, in one request.
 * Each level goes into its own cache entry, so opening and closing folders then reads from there.
 */
export function useOpenedFolder(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: libraryKeys.opened(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const answer = await api<TreeLevel>(treeUrl({ open: id! }), { signal });
      const levels = new Map<string | null, FolderChoice[]>();
      for (const f of answer.folders) levels.set(f.parent, [...(levels.get(f.parent) ?? []), f]);
      // Only a full level can be the one that held more.
      for (const [parent, folders] of levels) client.setQueryData<TreeLevel>(libraryKeys.level(parent), { folders, more: answer.more && folders.length >= FOLDER_LEVEL_MAX });
      return answer.folders;
    },
  });
}

/** Folders by name, wherever they lie, with their path. */
export function useFolderMatches(term: string) {
  const t = term.trim();
  return useQuery({
    queryKey: libraryKeys.matches(t),
    queryFn: ({ signal }) => api<TreeLevel>(treeUrl({ term: t }), { signal }),
    enabled: t.length >= DOCUMENT_SEARCH_MIN,
    placeholderData: keepPreviousData,
  });
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
