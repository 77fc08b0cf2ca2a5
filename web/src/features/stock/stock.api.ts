import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { ZColorListResponse, ZNamedRowListResponse } from '@filialportal/core/lists';
import type {
  ZArticle,
  ZArticleActiveRequest,
  ZArticleHistoryResponse,
  ZArticleListResponse,
  ZArticleRequest,
  ZArticleResponse,
  ZStockCheckLastResponse,
  ZStockCheckListResponse,
  ZStockCheckRequest,
  ZStockUpdateRequest,
  ZStockUpdateResponse,
} from '@filialportal/core/stock';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api, query } from '../../api/client.ts';
import { flattenPages, nextFrom } from '../../ui/infinite-rows.ts';

export type Article = Wire<typeof ZArticle>;
export type ArticleDetail = Wire<typeof ZArticleResponse>['article'];
type ArticleList = Wire<typeof ZArticleListResponse>;
/** The article of POST /article and PUT /article/{id}. */
export type ArticleBody = z.input<typeof ZArticleRequest>['article'];
export type StockUpdateBody = z.input<typeof ZStockUpdateRequest>;

/** The stock list's filter (spec 2 §3): category, manufacturer, decor, number, label; sort; location. */
export interface StockFilter {
  category: string;
  location: string;
  manufacturer: string;
  decor: string;
  number: string;
  label: string;
  sorting: string;
}

const seg = (v: string) => encodeURIComponent(v.trim() || 'null');
const filterPath = (f: StockFilter) => `${seg(f.category)}/${seg(f.manufacturer)}/${seg(f.decor)}/${seg(f.number)}`;
const filterQuery = (f: StockFilter) => query({ label: f.label, sorting: f.sorting, location: f.location });

export const stockKeys = {
  all: ['articles'] as const,
  list: (f: StockFilter) => ['articles', 'list', f] as const,
  one: (id: string) => ['articles', 'one', id] as const,
  history: (id: string) => ['articles', 'history', id] as const,
  checks: (category: string) => ['articles', 'checks', category] as const,
};

/** GET /article/filter/…/{offset}: 50 per step; 'alle Artikel laden' takes the rest at once. */
export function useArticles(f: StockFilter) {
  return useInfiniteQuery({
    queryKey: stockKeys.list(f),
    queryFn: ({ pageParam, signal }) => api<ArticleList>(`/api/article/filter/${filterPath(f)}/${pageParam}${filterQuery(f)}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextFrom<ArticleList>((p) => p.articles, (p) => p.count),
  });
}

export const articleRows = (data: InfiniteData<ArticleList> | undefined) => flattenPages(data, (p: ArticleList) => p.articles);

/** GET /article/listall/…: every match, appended as one more page of the list's cache. */
export function useLoadAllArticles(f: StockFilter) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<ArticleList>(`/api/article/listall/${filterPath(f)}${filterQuery(f)}`),
    onSuccess: (all) => client.setQueryData<InfiniteData<ArticleList>>(stockKeys.list(f), { pages: [all], pageParams: [0] }),
  });
}

export function useArticle(id: string | null, location: string) {
  return useQuery({
    queryKey: [...stockKeys.one(id ?? ''), location],
    queryFn: ({ signal }) => api<Wire<typeof ZArticleResponse>>(`/api/article/${id}${query({ location })}`, { signal }),
    enabled: id !== null,
    select: (d) => d.article,
  });
}

export function useArticleHistory(id: string) {
  return useInfiniteQuery({
    queryKey: stockKeys.history(id),
    queryFn: ({ pageParam, signal }) => api<Wire<typeof ZArticleHistoryResponse>>(`/api/article/${id}/history?from=${pageParam}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: nextFrom<Wire<typeof ZArticleHistoryResponse>>((p) => p.historyItems, (p) => p.count),
  });
}

/** Every change refreshes the lists and the open article. */
function useArticleMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: stockKeys.all }) });
}

export const useSaveArticle = () =>
  useArticleMutation(({ id, body }: { id: string | null; body: ArticleBody }) =>
    api<Wire<typeof ZArticleResponse>>(id ? `/api/article/${id}` : '/api/article', { method: id ? 'PUT' : 'POST', body: { article: body } }),
  );
export const useDeleteArticle = () => useArticleMutation((id: string) => api(`/api/article/${id}`, { method: 'DELETE' }));
export const useSetActive = () => useArticleMutation(({ id, active }: { id: string; active: boolean }) => api(`/api/article/${id}/active`, { method: 'PUT', body: { active } satisfies z.input<typeof ZArticleActiveRequest> }));
export const useSetLabel = () => useArticleMutation(({ id, label }: { id: string; label: string | null }) => api(`/api/articlebackground/${id}/${label ?? 'null'}`));
export const useUpdateStock = () =>
  useArticleMutation((body: StockUpdateBody) => api<Wire<typeof ZStockUpdateResponse>>('/api/article/updatestock', { method: 'POST', body: { ean: '', ...body } }));

/** GET /article/ean/{ean}: what a scanned code is, before the count is entered. */
export const lookupEan = (ean: string, location: string) => api<Wire<typeof ZArticleResponse>>(`/api/article/ean/${encodeURIComponent(ean)}${query({ location })}`);

export function useLastChecks(category: string) {
  return useQuery({
    queryKey: stockKeys.checks(category),
    queryFn: ({ signal }) => api<Wire<typeof ZStockCheckLastResponse>>(`/api/locationsortimenthistory/${category}`, { signal }),
    enabled: category !== '',
    select: (d) => d.list,
  });
}

export function useChecksAt(category: string, location: string | null) {
  return useInfiniteQuery({
    queryKey: [...stockKeys.checks(category), location],
    queryFn: ({ pageParam, signal }) => api<Wire<typeof ZStockCheckListResponse>>(`/api/locationsortimenthistory/${category}/${location}?from=${pageParam}`, { signal }),
    initialPageParam: 0,
    enabled: location !== null,
    getNextPageParam: nextFrom<Wire<typeof ZStockCheckListResponse>>((p) => p.list, (p) => p.count),
  });
}

export const useRecordCheck = () =>
  useArticleMutation((body: z.input<typeof ZStockCheckRequest>['locationSortimentHistory']) => api('/api/locationsortimenthistory', { method: 'POST', body: { locationSortimentHistory: body } }));

/** Manufacturers and colour labels of the settings, for filters and the article form. */
export function useManufacturers() {
  return useQuery({ queryKey: ['manufacturer', 'list', 'name'], queryFn: ({ signal }) => api<Wire<typeof ZNamedRowListResponse>>('/api/manufacturer/list?sort=name', { signal }), select: (d) => d.list });
}
export function useColorLabels() {
  return useQuery({ queryKey: ['color', 'list', 'name'], queryFn: ({ signal }) => api<Wire<typeof ZColorListResponse>>('/api/color/list?sort=name', { signal }), select: (d) => d.list });
}
