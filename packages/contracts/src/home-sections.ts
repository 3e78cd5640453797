/**
 * The home page's sections, in their default order (issue 30, decision 089). A module of its
 * own, without zod, so the web app's first download can read the list without the schemas.
 */
export const homeSections = ['banners', 'top', 'recent'] as const;
export type HomeSection = (typeof homeSections)[number];
