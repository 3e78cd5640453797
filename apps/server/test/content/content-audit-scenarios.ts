import type { LightMyRequestResponse } from 'fastify';

type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => Promise<LightMyRequestResponse>;

const entry = {
  section: { en: 'Audit', ru: 'Аудит' },
  question: { en: 'Audited?', ru: 'Записано?' },
  answer: { en: 'Yes.', ru: 'Да.' },
};

/** The audit log test's scenarios of the content routes (decision 092), as the admin. */
export function contentScenarios(call: Call) {
  const result = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.body });
  const created = async () =>
    (await call('POST', '/api/operator/content/faq', entry)).json<{ id: string }>().id;
  const draft = {
    en: { title: 'Loyalty', markdown: 'Points.' },
    ru: { title: 'Лояльность', markdown: 'Баллы.' },
  };
  return {
    'content.page.save': async () =>
      result(await call('PUT', '/api/operator/content/pages/loyalty', draft)),
    'content.page.publish': async () => {
      await call('PUT', '/api/operator/content/pages/privacy', draft);
      return result(await call('POST', '/api/operator/content/pages/privacy/publish'));
    },
    'content.faq.create': async () =>
      result(await call('POST', '/api/operator/content/faq', entry)),
    'content.faq.update': async () =>
      result(await call('PUT', `/api/operator/content/faq/${await created()}`, entry)),
    'content.faq.delete': async () =>
      result(await call('DELETE', `/api/operator/content/faq/${await created()}`)),
    'content.faq.order': async () => {
      const list = (await call('GET', '/api/operator/content/faq')).json<{
        data: { id: string }[];
      }>();
      const ids = list.data.map((e) => e.id).reverse();
      return result(await call('PUT', '/api/operator/content/faq/order', { ids }));
    },
  };
}
