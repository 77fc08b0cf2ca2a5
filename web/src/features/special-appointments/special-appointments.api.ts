import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ZSpecialAppointment,
  ZSpecialAppointmentCheckResponse,
  ZSpecialAppointmentDeleteRequest,
  ZSpecialAppointmentListResponse,
  ZSpecialAppointmentRequest,
  ZSpecialAppointmentResponse,
} from '@filialportal/core/special-appointments';
import type { Wire } from '@filialportal/core/wire';
import type { z } from 'zod';
import { api, query } from '../../api/client.ts';

/** A row of GET /locationspecialappointment/list/{page}. */
export type SpecialAppointment = Wire<typeof ZSpecialAppointment>;

/** The appointment of the check, create and save calls (`id` only when editing). */
export type SpecialAppointmentInput = z.input<typeof ZSpecialAppointmentRequest>['locationSpecialAppointment'];

export const specialAppointmentKeys = {
  all: ['locationspecialappointment'] as const,
  list: (page: number, old: boolean, term: string, sort: string) => ['locationspecialappointment', 'list', page, old, term, sort] as const,
};

/** GET /locationspecialappointment/list/{page}: current or old ones, 6 per page (page from 0). */
export function useSpecialAppointmentList(page: number, old: boolean, term: string, sort: string) {
  return useQuery({
    queryKey: specialAppointmentKeys.list(page, old, term, sort),
    queryFn: ({ signal }) =>
      api<Wire<typeof ZSpecialAppointmentListResponse>>(
        `/api/locationspecialappointment/list/${page}${query({ oldList: old ? 1 : 0, term, sort })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** POST /locationspecialappointment/check: false, or the appointment the input overlaps. */
export function checkSpecialAppointmentOverlap(input: SpecialAppointmentInput) {
  return api<Wire<typeof ZSpecialAppointmentCheckResponse>>('/api/locationspecialappointment/check', {
    method: 'POST',
    body: { locationSpecialAppointment: input },
  });
}

/** POST (new) or PUT (with id) /locationspecialappointment. */
export function useSaveSpecialAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SpecialAppointmentInput) =>
      api<Wire<typeof ZSpecialAppointmentResponse>>('/api/locationspecialappointment', {
        method: input.id ? 'PUT' : 'POST',
        body: { locationSpecialAppointment: input },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: specialAppointmentKeys.all }),
  });
}

/** DELETE /locationspecialappointment with body {id}. */
export function useDeleteSpecialAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>('/api/locationspecialappointment', { method: 'DELETE', body: { id } satisfies z.input<typeof ZSpecialAppointmentDeleteRequest> }),
    onSuccess: () => client.invalidateQueries({ queryKey: specialAppointmentKeys.all }),
  });
}
