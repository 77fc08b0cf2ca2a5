import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { CLAIM_ARTICLE_TERM_MIN, CLAIM_PAGE_OVERLAP } from '@filialportal/core/claims-basics';
import type {
  ZArticleSuggestionResponse,
  ZChecklistInput,
  ZClaimInput,
  ZClaimListResponse,
  ZClaimResponse,
  ZClaimRow,
  ZStockCorrectionRequest,
} from '@filialportal/core/claims';
import type { ClaimListKind, ZNamedEntryListResponse, ZNamedRowListResponse } from '@filialportal/core/lists';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api, query } from '../../api/client.ts';

export type ClaimRow = Wire<typeof ZClaimRow>;
export type Claim = Wire<typeof ZClaimResponse>['claim'];
type ClaimList = Wire<typeof ZClaimListResponse>;
export type ClaimBody = z.input<typeof ZClaimInput>;
export type ChecklistBody = z.input<typeof ZChecklistInput>;
export type CorrectionBody = z.input<typeof ZStockCorrectionRequest>;

/** The filter of both lists (toolbar) and of one card (its number search and sorting). */
export interface ClaimFilter {
  completed: boolean;
  location: string;
  year: string;
  number: string;
  sort: string;
}

export const claimKeys = {
  all: ['claims'] as const,
  list: (f: ClaimFilter) => ['claims', 'list', f] as const,
  one: (id: string) => ['claims', 'one', id] as const,
  counter: ['claims', 'counter'] as const,
};

const listPath = (f: ClaimFilter, from: number) =>
  `/api/claims/list/${from}${query({ completed: String(f.completed), location: f.location, year: f.year, number: f.number, sort: f.sort })}`;

/**
 * GET /claims/list/{from}: 25 per step. The next step starts three rows before the end of what
 * is shown (spec 2 §7), so a claim that moved up in between is not skipped; rows already shown
 * are not shown twice.
 */
export function useClaimList(f: ClaimFilter) {
  return useInfiniteQuery({
    queryKey: claimKeys.list(f),
    queryFn: ({ pageParam, signal }) => api<ClaimList>(listPath(f, pageParam), { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = new Set(pages.flatMap((p) => p.claims.map((c) => c.id))).size;
      return last.claims.length > 0 && shown < last.count ? Math.max(0, shown - CLAIM_PAGE_OVERLAP) : undefined;
    },
  });
}

export function claimRows(data: InfiniteData<ClaimList> | undefined): { rows: ClaimRow[]; count: number } {
  if (!data) return { rows: [], count: 0 };
  const seen = new Set<string>();
  const rows = data.pages.flatMap((p) => p.claims).filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));
  return { rows, count: data.pages.at(-1)?.count ?? 0 };
}

export function useClaim(id: string | null) {
  return useQuery({
    queryKey: claimKeys.one(id ?? ''),
    queryFn: ({ signal }) => api<Wire<typeof ZClaimResponse>>(`/api/claims/${id}`, { signal }),
    enabled: id !== null,
    select: (d) => d.claim,
  });
}

function useClaimMutation<V>(request: (v: V) => Promise<Wire<typeof ZClaimResponse>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (res) => {
      client.setQueryData(claimKeys.one(res.claim.id), res);
      void client.invalidateQueries({ queryKey: ['claims', 'list'] });
      void client.invalidateQueries({ queryKey: claimKeys.counter });
    },
  });
}

export const useCreateClaim = () => useClaimMutation((claim: ClaimBody) => api('/api/claims', { method: 'POST', body: { claim } }));
export const useUpdateClaim = () => useClaimMutation(({ id, claim }: { id: string; claim: ClaimBody }) => api(`/api/claims/${id}`, { method: 'PUT', body: { claim } }));
export const useUpdateChecklist = () =>
  useClaimMutation(({ id, checklist }: { id: string; checklist: ChecklistBody }) => api(`/api/checklist/${id}`, { method: 'PUT', body: { checklist } }));

/** Packages of one of the claim's articles out of (or back into) a location's stock; the claim counts as stock-updated. */
export const useStockCorrection = () =>
  useClaimMutation(({ id, correction }: { id: string; correction: CorrectionBody }) => api(`/api/claims/${id}/stockcorrection`, { method: 'POST', body: correction }));

/** New claims since the last visit, beside 'Beanstandung' in the navigation. */
export function useClaimCounter() {
  return useQuery({
    queryKey: claimKeys.counter,
    queryFn: ({ signal }) => api<ClaimList>('/api/claims/list/0?completed=false', { signal }),
    select: (d) => d.new,
    refetchInterval: 120_000,
  });
}

/** Opening the page zeroes the counter 5 seconds later (spec 2 §2). */
export function useMarkClaimsSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/seen/claims', { method: 'PUT' }),
    onSuccess: () => client.invalidateQueries({ queryKey: claimKeys.counter }),
  });
}

/** The statuses (from the server, spec 2 §3) and the claim lists of the settings. */
export function useClaimStatuses() {
  return useQuery({ queryKey: ['lists', 'status'], queryFn: ({ signal }) => api<Wire<typeof ZNamedRowListResponse>>('/api/status/list', { signal }), select: (d) => d.list, staleTime: 60_000 });
}

export function useClaimDropdown(kind: ClaimListKind) {
  return useQuery({
    queryKey: ['lists', 'claimdropdown', kind],
    queryFn: ({ signal }) => api<Wire<typeof ZNamedEntryListResponse>>(`/api/claimdropdown${kind}/list`, { signal }),
    select: (d) => d.list,
    staleTime: 60_000,
  });
}

/** Article suggestions for the checklist: by number from its start, or by decor (spec 2 §3 'Article suggestion'). */
export function useArticleSuggestions(term: string) {
  const t = term.trim();
  return useQuery({
    queryKey: ['claims', 'articles', t],
    queryFn: ({ signal }) => api<Wire<typeof ZArticleSuggestionResponse>>(`/api/claimarticle/search${query({ term: t })}`, { signal }),
    enabled: t.length >= CLAIM_ARTICLE_TERM_MIN,
    select: (d) => d.articles,
    staleTime: 30_000,
  });
}
