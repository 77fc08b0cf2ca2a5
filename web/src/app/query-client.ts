import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';

/** Refusals (4xx) and ended sessions are final; a failed network or server call is tried once more. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.sessionLost || (error.status >= 400 && error.status < 500))) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
