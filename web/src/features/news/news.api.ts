import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { NEWS_PAGE_SIZE, type NewsCategory, type SeenPage } from '@filialportal/core/news-basics';
import type {
  ZCommentResponse,
  ZCommentsRequest,
  ZCommentsResponse,
  ZConfirmationsResponse,
  ZCreateCommentRequest,
  ZDeleteCommentRequest,
  ZLikeRequest,
  ZLikeResponse,
  ZLikesResponse,
  ZNewsAudienceRequest,
  ZNewsAudienceResponse,
  ZNewsItem,
  ZNewsListResponse,
  ZNewsRequest,
  ZNewsResponse,
  ZRemindResponse,
  ZUnseenNewsResponse,
  ZUpdateCommentRequest,
} from '@filialportal/core/news';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api, apiBlob, apiWithProgress, query } from '../../api/client.ts';

export type NewsItem = Wire<typeof ZNewsItem>;
export type NewsPage = Wire<typeof ZNewsListResponse>;
export type Comment = Wire<typeof ZCommentsResponse>['comments'][number];
export type Confirmations = Wire<typeof ZConfirmationsResponse>;
export type NewsAudience = Wire<typeof ZNewsAudienceResponse>;
/** What the form sends: POST or PUT /news. */
export type NewsBody = z.input<typeof ZNewsRequest>;

export const newsKeys = {
  all: ['news'] as const,
  list: (archive: boolean, category: NewsCategory | null, limit: number) => ['news', 'list', archive, category, limit] as const,
  one: (id: string) => ['news', 'one', id] as const,
  unseen: ['news', 'unseen'] as const,
  comments: (id: string) => ['news', 'comments', id] as const,
  likes: (id: string) => ['news', 'likes', id] as const,
  confirmations: (id: string, location: string | null) => ['news', 'confirmations', id, location] as const,
  audience: (teams: readonly string[], locations: readonly string[]) => ['news', 'audience', [...teams].sort(), [...locations].sort()] as const,
  resource: (uri: string) => ['news', 'resource', uri] as const,
};

/** GET /news/list/{from}?view&archive: one tab, 'load more' continues from the rows shown. */
/** GET /news/list/{from}?view&archive&limit as a query: the list and the dashboard's preload share it. */
export function newsListQuery(category: NewsCategory | null, archive: boolean, limit = NEWS_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: newsKeys.list(archive, category, limit),
    queryFn: ({ pageParam, signal }) =>
      api<NewsPage>(`/api/news/list/${pageParam}${query({ view: category, archive: archive ? 1 : undefined, limit })}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last: NewsPage, pages: NewsPage[]) => {
      const shown = pages.reduce((n, p) => n + p.news.length, 0);
      return shown < last.count && last.news.length > 0 ? shown : undefined;
    },
  });
}

export function useNewsList(category: NewsCategory | null, archive: boolean, limit = NEWS_PAGE_SIZE) {
  return useInfiniteQuery(newsListQuery(category, archive, limit));
}

export function newsRows(data: InfiniteData<NewsPage> | undefined) {
  const rows = data?.pages.flatMap((p) => p.news) ?? [];
  // A new item between two steps shifts the pages; each item is shown once.
  const seen = new Set<string>();
  return { rows: rows.filter((n) => !seen.has(n.id) && seen.add(n.id)), count: data?.pages.at(-1)?.count ?? 0 };
}

/** GET /news/{id}: the item a link names (the header's search), shown above its tab. */
export function useNewsItem(id: string | null) {
  return useQuery({
    queryKey: newsKeys.one(id ?? ''),
    queryFn: ({ signal }) => api<Wire<typeof ZNewsResponse>>(`/api/news/${encodeURIComponent(id!)}`, { signal }),
    enabled: id !== null,
    select: (d) => d.news,
  });
}

/** GET /news/unseen: the after-login modal and the navigation counter. */
export function useUnseenNews(enabled = true) {
  return useQuery({
    queryKey: newsKeys.unseen,
    queryFn: ({ signal }) => api<Wire<typeof ZUnseenNewsResponse>>('/api/news/unseen', { signal }),
    enabled,
    refetchInterval: 120_000,
  });
}

export function useMarkSeen(page: SeenPage) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(`/api/seen/${page}`, { method: 'PUT' }),
    onSuccess: () => client.invalidateQueries({ queryKey: page === 'news' ? newsKeys.unseen : [page] }),
  });
}

/** POST or PUT /news. The attachment travels as base64 inside the JSON, with upload progress (0–1). */
export function saveNews(body: NewsBody, onProgress: (share: number) => void): Promise<Wire<typeof ZNewsResponse>> {
  return apiWithProgress('/api/news', { method: body.id ? 'PUT' : 'POST', body, onProgress });
}

/** POST /news/audience: who the chosen groups and locations reach, while the form is open; the last answer stays while the next loads. */
export function useNewsAudience(teams: readonly string[], locations: readonly string[], enabled: boolean) {
  return useQuery({
    queryKey: newsKeys.audience(teams, locations),
    queryFn: ({ signal }) => api<NewsAudience>('/api/news/audience', { method: 'POST', body: { teams: [...teams], locations: [...locations] } satisfies z.input<typeof ZNewsAudienceRequest>, signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useDeleteNews() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/news/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: newsKeys.all }),
  });
}

/** POST /like: like or unlike; the lists show the new count at once. */
export function useToggleLike() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entityId: string) => api<Wire<typeof ZLikeResponse>>('/api/like', { method: 'POST', body: { entity: 'News', entityId } satisfies z.input<typeof ZLikeRequest> }),
    onSuccess: (res) => {
      client.setQueriesData<InfiniteData<NewsPage>>({ queryKey: ['news', 'list'] }, (data) =>
        data
          ? { ...data, pages: data.pages.map((p) => ({ ...p, news: p.news.map((n) => (n.id === res.entityId ? { ...n, liked: res.liked, likeCount: n.likeCount === null ? null : res.likeCount } : n)) })) }
          : data,
      );
      client.setQueryData<Wire<typeof ZNewsResponse>>(newsKeys.one(res.entityId), (data) =>
        data ? { news: { ...data.news, liked: res.liked, likeCount: data.news.likeCount === null ? null : res.likeCount } } : data,
      );
      void client.invalidateQueries({ queryKey: newsKeys.likes(res.entityId) });
    },
  });
}

export function useLikes(newsId: string | null) {
  return useQuery({
    queryKey: newsKeys.likes(newsId ?? ''),
    queryFn: ({ signal }) => api<Wire<typeof ZLikesResponse>>(`/api/likes${query({ entity: 'News', entityId: newsId })}`, { signal }),
    enabled: !!newsId,
    select: (d) => d.likes,
  });
}

export function useComments(newsId: string) {
  return useQuery({
    queryKey: newsKeys.comments(newsId),
    queryFn: ({ signal }) => api<Wire<typeof ZCommentsResponse>>('/api/comments', { method: 'POST', body: { entity: 'News', entityId: newsId } satisfies z.input<typeof ZCommentsRequest>, signal }),
    select: (d) => d.comments,
  });
}

/** Comments change the count on the card as well. */
function useCommentMutation<T>(newsId: string, fn: (arg: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: newsKeys.comments(newsId) }),
        client.invalidateQueries({ queryKey: ['news', 'list'] }),
        client.invalidateQueries({ queryKey: newsKeys.one(newsId) }),
      ]),
  });
}

export const useAddComment = (newsId: string) =>
  useCommentMutation(newsId, (comment: string) => api<Wire<typeof ZCommentResponse>>('/api/comment', { method: 'POST', body: { entity: 'News', entityId: newsId, comment } satisfies z.input<typeof ZCreateCommentRequest> }));
export const useEditComment = (newsId: string) =>
  useCommentMutation(newsId, (body: z.input<typeof ZUpdateCommentRequest>) => api<Wire<typeof ZCommentResponse>>('/api/comment', { method: 'PUT', body }));
export const useDeleteComment = (newsId: string) => useCommentMutation(newsId, (commentId: string) => api('/api/comment', { method: 'DELETE', body: { commentId } satisfies z.input<typeof ZDeleteCommentRequest> }));

export function useConfirmNews() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (newsId: string) => api(`/api/news/${newsId}/confirm`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: newsKeys.all }),
  });
}

export function useConfirmations(newsId: string | null, location: string | null) {
  return useQuery({
    queryKey: newsKeys.confirmations(newsId ?? '', location),
    queryFn: ({ signal }) => api<Confirmations>(`/api/news/${newsId}/confirmations${query({ location })}`, { signal }),
    enabled: !!newsId,
  });
}

export function useRemind() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (newsId: string) => api<Wire<typeof ZRemindResponse>>(`/api/news/${newsId}/remind`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['task'] }),
  });
}

/** An attachment or thumbnail behind the token, as a blob for an object URL. */
export function useResourceBlob(uri: string | null) {
  return useQuery({
    queryKey: newsKeys.resource(uri ?? ''),
    queryFn: ({ signal }) => apiBlob(uri!, { signal }),
    enabled: !!uri,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: false,
  });
}
