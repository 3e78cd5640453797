import {
  supportInfoResponseSchema,
  supportPostResponseSchema,
  supportReadResponseSchema,
  supportThreadResponseSchema,
  type SupportInfo,
  type SupportMessage,
  type SupportThreadResponse,
} from '@casino/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** GET /support/info: the average response and the link cards' targets (public). */
export function fetchSupportInfo(signal?: AbortSignal): Promise<SupportInfo> {
  return api.get('/support/info', {
    schema: supportInfoResponseSchema,
    session: false,
    ...(signal ? { signal } : {}),
  });
}

export function useSupportInfo() {
  return useQuery({
    queryKey: ['support', 'info'],
    queryFn: ({ signal }) => fetchSupportInfo(signal),
    staleTime: 60_000,
  });
}

export const supportThreadKey = ['support', 'thread'] as const;

/** GET /support/thread: the signed-in player's own conversation with support. */
export const supportThreadQueryOptions = () =>
  queryOptions({
    queryKey: supportThreadKey,
    queryFn: ({ signal }) =>
      api.get('/support/thread', { schema: supportThreadResponseSchema, signal }),
  });

export function useSupportThread(enabled: boolean) {
  return useQuery({ ...supportThreadQueryOptions(), enabled });
}

/** Adds a message to the cached thread once (it may come back over the socket too). */
export function withMessage(
  thread: SupportThreadResponse | undefined,
  message: SupportMessage,
): SupportThreadResponse | undefined {
  if (!thread || thread.messages.some((m) => m.id === message.id)) return thread;
  return {
    messages: [...thread.messages, message],
    unread: thread.unread + (message.author === 'operator' ? 1 : 0),
  };
}

/** POST /support/messages */
export function useSendSupportMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api.post('/support/messages', { text }, { schema: supportPostResponseSchema }),
    onSuccess: (message) => {
      client.setQueryData<SupportThreadResponse>(supportThreadKey, (thread) =>
        withMessage(thread, message),
      );
    },
  });
}

/** POST /support/read: the answers up to `upTo` are read. */
export function useMarkSupportRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (upTo: string) =>
      api.post('/support/read', { up_to: upTo }, { schema: supportReadResponseSchema }),
    onSuccess: ({ unread }) => {
      client.setQueryData<SupportThreadResponse>(supportThreadKey, (thread) =>
        thread ? { ...thread, unread } : thread,
      );
    },
  });
}
