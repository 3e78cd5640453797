import {
  closeAccountResponseSchema,
  identityResponseSchema,
  type CloseAccountRequest,
  type IdentityDocumentKind,
  type IdentityResponse,
} from '@casino/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** GET /identity: the player's check, the documents sent and the withdrawal rule. */
export function fetchIdentity(signal?: AbortSignal): Promise<IdentityResponse> {
  return api.get('/identity', { schema: identityResponseSchema, ...(signal ? { signal } : {}) });
}

/** Per player, so another player signing in on this tab never sees the previous check. */
export const identityOptions = (userId: string) =>
  queryOptions({
    queryKey: ['identity', userId] as const,
    queryFn: ({ signal }) => fetchIdentity(signal),
    // The operator decides elsewhere: every visit reads the status again.
    staleTime: 0,
  });

/** The signed-in player's check; nothing is asked without a player. */
export function useIdentity(userId: string | undefined) {
  return useQuery({ ...identityOptions(userId ?? ''), enabled: userId !== undefined });
}

/** POST /identity/documents/{kind}, multipart field `file` → the check as it is now. */
export function postDocument({
  kind,
  file,
}: {
  kind: IdentityDocumentKind;
  file: File;
}): Promise<IdentityResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post(`/identity/documents/${kind}`, form, { schema: identityResponseSchema });
}

export function useUploadDocument(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['identity', 'upload'],
    mutationFn: postDocument,
    onSuccess: (answer) => client.setQueryData(identityOptions(userId).queryKey, answer),
  });
}

/** GET /user/export: everything stored about the player, as JSON. */
export function fetchExport(): Promise<unknown> {
  return api.get('/user/export');
}

/** POST /user/close: the account closed; the caller ends the session here. */
export function postClose(body: CloseAccountRequest) {
  return api.post('/user/close', body, { schema: closeAccountResponseSchema });
}
