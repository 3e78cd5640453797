import { faqResponseSchema, type Faq, type Language } from '@casino/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** GET /content/faq: the questions of the operator's FAQ file, in the reader's language. */
export function fetchFaq(lang: Language, signal?: AbortSignal): Promise<Faq> {
  return api.get('/content/faq', {
    query: { lang },
    schema: faqResponseSchema,
    session: false,
    ...(signal ? { signal } : {}),
  });
}

export const faqQueryOptions = (lang: Language) =>
  queryOptions({
    queryKey: ['content', 'faq', lang],
    queryFn: ({ signal }) => fetchFaq(lang, signal),
    staleTime: 60_000,
  });

export function useFaq(lang: Language) {
  return useQuery(faqQueryOptions(lang));
}
