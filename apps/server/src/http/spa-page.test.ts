import { describe, expect, it } from 'vitest';
import { renderSpaPage, type RoutePreloads } from './spa-page';

/** index.html as the build writes it: the first banner in the page as data: URLs (057). */
const template = `<!doctype html><html lang="ru"><head></head><body>
<!-- boot:home --><div id="boot-home"><picture>
<source media="(max-width: 768px)" srcset="data:image/svg+xml,M" data-boot-srcset="/banners/universe-mobile.svg" width="750" height="900" />
<img src="data:image/svg+xml,D" data-boot-src="/banners/universe-desktop.svg" width="1600" height="500" alt="" />
</picture></div><!-- /boot:home --></body></html>`;

const preloads: RoutePreloads = {
  routes: [
    {
      path: '^/$',
      tags:
        '<link rel="preload" as="image" href="/banners/universe-mobile.svg" media="(max-width: 768px)" fetchpriority="low">' +
        '<link rel="preload" as="image" href="/banners/universe-desktop.svg" media="(min-width: 769px)" fetchpriority="low">',
    },
  ],
  texts: {},
};

const home = (bootBanner?: { desktop: string; mobile: string } | null) =>
  renderSpaPage(template, preloads, { path: '/', cookie: undefined, bootBanner });

describe('the home page paints the first banner staff chose (decision 090)', () => {
  it('keeps the built copy while the first banner is the built one', () => {
    const page = home({
      desktop: '/banners/universe-desktop.svg',
      mobile: '/banners/universe-mobile.svg',
    });
    expect(page).toContain('srcset="data:image/svg+xml,M"');
    expect(page).toContain('src="data:image/svg+xml,D"');
    expect(page).toContain('fetchpriority="low"');
    expect(home(undefined)).toBe(page);
  });

  it("paints another first banner's art, preloaded with high priority", () => {
    const page = home({ desktop: '/api/banners/art/a.webp', mobile: '/api/banners/art/b.webp' });
    expect(page).toContain('srcset="/api/banners/art/b.webp"');
    expect(page).toMatch(/<img src="\/api\/banners\/art\/a\.webp"/);
    expect(page).not.toContain('data:image/svg+xml');
    expect(page).toContain(
      '<link rel="preload" as="image" href="/api/banners/art/b.webp" media="(max-width: 768px)" fetchpriority="high">',
    );
    expect(page).toContain(
      '<link rel="preload" as="image" href="/api/banners/art/a.webp" media="(min-width: 769px)" fetchpriority="high">',
    );
    expect(page).not.toContain('/banners/universe-');
  });

  it('leaves the painted copy out when no banner is live', () => {
    expect(home(null)).not.toContain('boot-home');
  });

  it('writes an art URL as an attribute, never as markup', () => {
    const page = home({ desktop: '/x"><script>1</script>', mobile: '/m' });
    expect(page).not.toContain('<script>1');
    expect(page).toContain('src="/x&quot;>&lt;script>1&lt;/script>"');
  });
});
