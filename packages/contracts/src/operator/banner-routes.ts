import {
  staffBannerArtParamsSchema,
  staffBannerBodySchema,
  staffBannerOrderSchema,
  staffBannerParamsSchema,
  staffBannerRetireSchema,
  staffBannerSchema,
  staffBannersResponseSchema,
} from './banners';
import { route, type StaffRoute } from './route';

/** The home carousel's banners (issue 30, decision 090): `banners:manage`, marketing and admin. */
export const bannerRoutes = {
  'banners.list': route({
    method: 'GET',
    path: '/api/operator/banners',
    permission: 'banners:manage',
    audit: 'none',
    summary: 'Every banner, in the carousel order, retired ones last, with its state now',
    response: { 200: staffBannersResponseSchema },
  }),
  'banners.create': route({
    method: 'POST',
    path: '/api/operator/banners',
    permission: 'banners:manage',
    audit: 'change',
    summary: 'A new banner, last in the order; live once both cuts of its art are uploaded',
    body: staffBannerBodySchema,
    response: { 201: staffBannerSchema },
  }),
  'banners.update': route({
    method: 'PUT',
    path: '/api/operator/banners/:bannerId',
    permission: 'banners:manage',
    audit: 'change',
    summary: "A banner's copy in both languages, link and schedule",
    params: staffBannerParamsSchema,
    body: staffBannerBodySchema,
    response: { 200: staffBannerSchema },
  }),
  'banners.art': route({
    method: 'POST',
    path: '/api/operator/banners/:bannerId/art/:cut',
    permission: 'banners:manage',
    audit: 'change',
    summary:
      'Upload one cut of the art (multipart field "file": JPEG, PNG or WebP, ≤ 3 MB; cropped and re-encoded as WebP)',
    params: staffBannerArtParamsSchema,
    response: { 200: staffBannerSchema },
  }),
  'banners.reorder': route({
    method: 'POST',
    path: '/api/operator/banners/reorder',
    permission: 'banners:manage',
    audit: 'change',
    summary: 'The new order of every banner not retired',
    body: staffBannerOrderSchema,
    response: { 200: staffBannersResponseSchema },
  }),
  'banners.retire': route({
    method: 'POST',
    path: '/api/operator/banners/:bannerId/retire',
    permission: 'banners:manage',
    audit: 'change',
    summary: 'Retire a banner: it leaves the carousel for good',
    params: staffBannerParamsSchema,
    body: staffBannerRetireSchema,
    response: { 200: staffBannerSchema },
  }),
} as const satisfies Record<string, StaffRoute>;
