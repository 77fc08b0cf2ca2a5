import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ZCategoryDeleteEntryRequest,
  ZCategoryFileRequest,
  ZCategoryFolderRename,
  ZCategoryFolderRequest,
  ZCategoryListResponse,
  ZCategoryRequest,
  ZCategoryResponse,
  ZMoveFileRequest,
} from '@filialportal/core/assortment';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api, apiWithProgress } from '../../api/client.ts';
import { categoryKeys, type Category } from '../../shell-api/lookups.ts';

export type CategoryFolder = Category['folders'][number];
export type CategoryFile = Category['files'][number];
type CategoryAnswer = Wire<typeof ZCategoryResponse>;

/** What the category form sends (spec 2 §2 Category form). */
export type CategoryBody = z.input<typeof ZCategoryRequest>['category'];

/** Writes a changed category into the cached list at once (tree actions answer with the whole category). */
function useCategoryMutation<A>(fn: (arg: A) => Promise<CategoryAnswer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (data) => {
      client.setQueryData<Wire<typeof ZCategoryListResponse>>(categoryKeys.list, (old) =>
        old ? { ...old, categories: old.categories.map((c) => (c.id === data.category.id ? data.category : c)) } : old,
      );
    },
  });
}

export function useSaveCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CategoryBody }) =>
      api<CategoryAnswer>(id ? `/api/category/${id}` : '/api/category', { method: id ? 'PUT' : 'POST', body: { category: body } }),
    // The list reloads 200 ms after a save (spec 2 §4).
    onSuccess: () => setTimeout(() => void client.invalidateQueries({ queryKey: categoryKeys.all }), 200),
  });
}

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/category/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}

export const useAddFolder = () =>
  useCategoryMutation((body: z.input<typeof ZCategoryFolderRequest>) => api<CategoryAnswer>('/api/addcategoryfolder', { method: 'POST', body }));

export const useRenameFolder = () => useCategoryMutation(({ id, ...body }: { id: string } & z.input<typeof ZCategoryFolderRename>) => api<CategoryAnswer>(`/api/categoryfolder/${id}`, { method: 'PUT', body }));

export const useDeleteEntry = () =>
  useCategoryMutation((body: z.input<typeof ZCategoryDeleteEntryRequest>) => api<CategoryAnswer>('/api/deletecategoryfileorfolder', { method: 'POST', body }));

export const useMoveFile = () => useCategoryMutation((body: z.input<typeof ZMoveFileRequest>) => api<CategoryAnswer>('/api/movefile', { method: 'POST', body }));

/** POST /addcategoryfile with upload progress (share 0–1). */
export const useUploadFile = () =>
  useCategoryMutation(({ onProgress, ...body }: z.input<typeof ZCategoryFileRequest> & { onProgress: (share: number) => void }) =>
    apiWithProgress<CategoryAnswer>('/api/addcategoryfile', { method: 'POST', body, onProgress }),
  );
