import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TContactInput, ZCategory, ZCategoryListResponse, ZCategoryResponse } from '@filialportal/core/assortment';
import type { Wire } from '@filialportal/core/wire';
import { api, apiWithProgress } from '../../api/client.ts';

export type Category = Wire<typeof ZCategory>;
export type CategoryFolder = Category['folders'][number];
export type CategoryFile = Category['files'][number];
type CategoryAnswer = Wire<typeof ZCategoryResponse>;

/** What the category form sends (spec 2 §2 Category form). */
export interface CategoryBody {
  name: string;
  position: number | string;
  info: string;
  link: string;
  sales1Name: string;
  sales2Name: string;
  sales3Name: string;
  contactPersons: Partial<TContactInput>[];
}

export const categoryKeys = {
  all: ['categories'] as const,
  list: ['categories', 'list'] as const,
};

/** GET /category/list/0: every category (a company has a few dozen), by position. */
export function useCategories() {
  return useQuery({
    queryKey: categoryKeys.list,
    queryFn: ({ signal }) => api<Wire<typeof ZCategoryListResponse>>('/api/category/list/0', { signal }),
    select: (data) => data.categories,
  });
}

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
  useCategoryMutation((body: { categoryId: string; parentId: string | null; name: string }) => api<CategoryAnswer>('/api/addcategoryfolder', { method: 'POST', body }));

export const useRenameFolder = () => useCategoryMutation(({ id, name }: { id: string; name: string }) => api<CategoryAnswer>(`/api/categoryfolder/${id}`, { method: 'PUT', body: { name } }));

export const useDeleteEntry = () =>
  useCategoryMutation((body: { type: 'file' | 'folder'; id: string }) => api<CategoryAnswer>('/api/deletecategoryfileorfolder', { method: 'POST', body }));

export const useMoveFile = () => useCategoryMutation((body: { fileId: string; folderId: string | null }) => api<CategoryAnswer>('/api/movefile', { method: 'POST', body }));

/** POST /addcategoryfile with upload progress (share 0–1). */
export const useUploadFile = () =>
  useCategoryMutation(({ onProgress, ...body }: { categoryId: string; folderId: string | null; name: string; data: string; onProgress: (share: number) => void }) =>
    apiWithProgress<CategoryAnswer>('/api/addcategoryfile', { method: 'POST', body, onProgress }),
  );
