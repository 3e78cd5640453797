import {
  staffFaqEntryBodySchema,
  staffFaqEntrySchema,
  staffFaqOrderBodySchema,
  staffFaqParamsSchema,
  staffFaqResponseSchema,
  staffPageParamsSchema,
  staffPageSchema,
  staffPagesResponseSchema,
  staffPageTextsSchema,
} from './content';
import { route, type StaffRoute } from './route';

/**
 * The FAQ and the information pages (issue 30, decision 092): `content:manage`, held by
 * support, marketing and admin. Every change writes its audit row in its own transaction.
 */
export const contentRoutes = {
  'content.pages': route({
    method: 'GET',
    path: '/api/operator/content/pages',
    permission: 'content:manage',
    audit: 'none',
    summary: 'The information pages, with their titles, draft state and accepted version',
    response: { 200: staffPagesResponseSchema },
  }),
  'content.page': route({
    method: 'GET',
    path: '/api/operator/content/pages/:slug',
    permission: 'content:manage',
    audit: 'none',
    summary: 'A page in both languages: what players read and the draft to preview',
    params: staffPageParamsSchema,
    response: { 200: staffPageSchema },
  }),
  'content.page.save': route({
    method: 'PUT',
    path: '/api/operator/content/pages/:slug',
    permission: 'content:manage',
    audit: 'change',
    summary:
      'Save the draft of a page (both languages, Markdown); players still read the last published text',
    params: staffPageParamsSchema,
    body: staffPageTextsSchema,
    response: { 200: staffPageSchema },
  }),
  'content.page.publish': route({
    method: 'POST',
    path: '/api/operator/content/pages/:slug/publish',
    permission: 'content:manage',
    audit: 'change',
    summary:
      'Publish the draft in both languages; for the terms or the privacy policy, a new version players accept at their next sign-in',
    params: staffPageParamsSchema,
    response: { 200: staffPageSchema },
  }),
  'content.faq': route({
    method: 'GET',
    path: '/api/operator/content/faq',
    permission: 'content:manage',
    audit: 'none',
    summary: 'The FAQ entries in their order, both languages',
    response: { 200: staffFaqResponseSchema },
  }),
  'content.faq.create': route({
    method: 'POST',
    path: '/api/operator/content/faq',
    permission: 'content:manage',
    audit: 'change',
    summary: 'Add an FAQ entry at the end (shown to players at once)',
    body: staffFaqEntryBodySchema,
    response: { 201: staffFaqEntrySchema },
  }),
  'content.faq.order': route({
    method: 'PUT',
    path: '/api/operator/content/faq/order',
    permission: 'content:manage',
    audit: 'change',
    summary: 'Reorder the FAQ: every entry’s id in the new order',
    body: staffFaqOrderBodySchema,
    response: { 200: staffFaqResponseSchema },
  }),
  'content.faq.update': route({
    method: 'PUT',
    path: '/api/operator/content/faq/:entryId',
    permission: 'content:manage',
    audit: 'change',
    summary: 'Edit an FAQ entry (shown to players at once)',
    params: staffFaqParamsSchema,
    body: staffFaqEntryBodySchema,
    response: { 200: staffFaqEntrySchema },
  }),
  'content.faq.delete': route({
    method: 'DELETE',
    path: '/api/operator/content/faq/:entryId',
    permission: 'content:manage',
    audit: 'change',
    summary: 'Remove an FAQ entry',
    params: staffFaqParamsSchema,
    response: { 200: staffFaqResponseSchema },
  }),
} as const satisfies Record<string, StaffRoute>;
