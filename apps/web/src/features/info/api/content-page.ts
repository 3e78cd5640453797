import {
  contentPageResponseSchema,
  type ContentPage,
  type ContentPageSlug,
  type Language,
} from '@casino/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** GET /content/pages/:slug: an information page's title and Markdown, in one language. */
export function fetchContentPage(
  slug: ContentPageSlug,
  lang: Language,
  signal?: AbortSignal,
): Promise<ContentPage> {
  return api.get(`/content/pages/${slug}`, {
    query: { lang },
    schema: contentPageResponseSchema,
    session: false,
    ...(signal ? { signal } : {}),
  });
}

export const contentPageQueryOptions = (slug: ContentPageSlug, lang: Language) =>
  queryOptions({
    queryKey: ['content', 'page', slug, lang],
    queryFn: ({ signal }) => fetchContentPage(slug, lang, signal),
    staleTime: 60_000,
  });

export function useContentPage(slug: ContentPageSlug, lang: Language) {
  return useQuery(contentPageQueryOptions(slug, lang));
}
