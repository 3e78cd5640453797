import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createStudios } from '../src/index';
import { PUBLIC, pathOf } from './helpers/studios-app';

const OPTIONS = {
  endorphina: {
    publicUrl: `${PUBLIC}/studios/endorphina`,
    nodeId: 'n',
    salt: 's',
    operatorUrl: 'http://127.0.0.1:9/e',
  },
  pragmatic: {
    publicUrl: `${PUBLIC}/studios/pragmatic`,
    secureLogin: 'l',
    secretKey: 'k',
    operatorUrl: 'http://127.0.0.1:9/p',
  },
  gbgames: {
    publicUrl: `${PUBLIC}/studios/gbgames`,
    secret: 'g',
    operatorUrl: 'http://127.0.0.1:9',
  },
};

describe('mounting in a host app', () => {
  it('leaves the host’s own routes and body parsers alone', async () => {
    const app = Fastify();
    app.post('/api/echo', (request, reply) => reply.send({ got: request.body }));
    await app.register(createStudios(OPTIONS));
    await app.ready();
    const json = await app.inject({ method: 'POST', url: '/api/echo', payload: { a: 1 } });
    expect(json.json()).toEqual({ got: { a: 1 } });
    const form = await app.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(form.statusCode).toBe(415);
    await app.close();
  });

  it('refuses to start a studio without its secret', () => {
    expect(() => createStudios({ gbgames: { ...OPTIONS.gbgames, secret: '' } })).toThrow(
      /gbgames\.secret/,
    );
    expect(() => createStudios({ endorphina: { ...OPTIONS.endorphina, salt: '' } })).toThrow(
      /endorphina\.salt/,
    );
  });

  it('serves self-contained game pages: no external script, style, font or image', async () => {
    const app = Fastify();
    await app.register(createStudios({ ...OPTIONS, basePath: '/providers' }));
    const demo = await app.inject('/providers/gbgames/play/demo?gameId=gb-troyka&language=ru');
    expect(demo.statusCode).toBe(302);
    const page = await app.inject(
      pathOf(demo.headers.location as string).replace('/studios/', '/providers/'),
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet|@import|url\(http|<img /);
    expect(page.body).toContain('Тройка');
    expect(page.body).toContain('lang="ru"');
    await app.close();
  });
});
