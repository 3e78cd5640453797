import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { loadGamesMessages } from '../../../shared/i18n/games/load';
import { callsTo, fakeBanners, fakeGamesApi } from '../../../test/games-api';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { renderWithProviders } from '../../../test/render';
import { BannerCarousel } from './banner-carousel';

beforeAll(() => loadGamesMessages());

afterEach(() => {
  useModalStore.setState({ modal: null, demo: false });
  vi.unstubAllGlobals();
});

/** The carousel over the server's banners (the seeded four unless given), once they are in. */
async function renderCarousel(ui = <BannerCarousel />, banners = fakeBanners()) {
  const calls = fakeGamesApi({ banners });
  renderWithProviders(ui);
  await screen.findByTestId('banner-carousel');
  return calls;
}

const carousel = () => screen.getByTestId('banner-carousel');
const index = () => Number(carousel().dataset.index);
const prev = () => screen.getByTestId('carousel-prev');
const next = () => screen.getByTestId('carousel-next');

describe('BannerCarousel', () => {
  it("shows the server's banners in its order, with their copy, art and links", async () => {
    const calls = fakeGamesApi({ delayMs: 20 });
    renderWithProviders(<BannerCarousel />);
    // While the list loads, the carousel's box stands empty (under the page's painted banner).
    expect(screen.getByTestId('banner-carousel-loading').getAttribute('aria-busy')).toBe('true');
    await screen.findByTestId('banner-carousel');

    const slides = screen.getAllByTestId('banner-slide');
    expect(slides.map((slide) => slide.dataset.slide)).toEqual([
      'universe',
      'welcome',
      'tables',
      'demo',
    ]);
    // The interface's language (Russian here): the server sends both.
    expect(slides[0]?.textContent).toContain('Вселенная слотов');
    expect(slides[0]?.textContent).toContain('Вселенная слотов: кнопка');
    expect(slides[0]?.querySelector('a')?.getAttribute('href')).toBe('/casino');
    expect(slides[3]?.querySelector('a')?.getAttribute('href')).toBe('/casino?tab=top');
    expect(slides[2]?.querySelector('img')?.getAttribute('src')).toBe(
      '/banners/tables-desktop.svg',
    );
    // Asked once, without the session's token: the page's preload is the same request.
    const [request] = callsTo(calls, '/api/banners');
    expect(callsTo(calls, '/api/banners')).toHaveLength(1);
    expect(request?.headers.get('Authorization')).toBeNull();
  });

  it('shows English copy in English', async () => {
    await i18n.changeLanguage('en');
    try {
      await renderCarousel();
      const first = screen.getAllByTestId('banner-slide')[0];
      expect(first?.textContent).toContain('A universe of slots');
      expect(first?.textContent).toContain('A universe of slots cta');
    } finally {
      await i18n.changeLanguage('ru');
    }
  });

  it('follows the order and the number of banners the server gives', async () => {
    const [universe, welcome, tables] = fakeBanners();
    await renderCarousel(<BannerCarousel />, [tables!, universe!]);
    expect(screen.getAllByTestId('banner-slide').map((s) => s.dataset.slide)).toEqual([
      'tables',
      'universe',
    ]);
    expect(welcome).toBeDefined();
  });

  it('shows no carousel, and takes the painted banner away, when no banner is live', async () => {
    const boot = document.createElement('div');
    boot.id = 'boot-home';
    document.body.append(boot);
    fakeGamesApi({ banners: [] });
    renderWithProviders(<BannerCarousel />);
    await vi.waitFor(() => expect(screen.queryByTestId('banner-carousel-loading')).toBeNull());
    expect(screen.queryByTestId('banner-carousel')).toBeNull();
    expect(document.getElementById('boot-home')).toBeNull();
  });

  it('leaves out a banner whose link would leave the site', async () => {
    const [universe, welcome] = fakeBanners();
    await renderCarousel(<BannerCarousel />, [universe!, { ...welcome!, link: '//evil.example/' }]);
    expect(screen.getAllByTestId('banner-slide')).toHaveLength(1);
  });

  it('shows four slides, the first one current', async () => {
    await renderCarousel();
    const slides = screen.getAllByTestId('banner-slide');
    expect(slides).toHaveLength(4);
    expect(index()).toBe(0);
    expect(slides[0]?.getAttribute('aria-hidden')).toBe('false');
    expect(slides[1]?.getAttribute('aria-hidden')).toBe('true');
    // Hidden slides are inert: their call to action is not a tab stop.
    expect(slides[1]?.hasAttribute('inert')).toBe(true);
  });

  it('disables the previous arrow on the first slide and the next arrow on the last', async () => {
    await renderCarousel();
    expect(prev()).toHaveProperty('disabled', true);
    expect(next()).toHaveProperty('disabled', false);

    fireEvent.click(next());
    expect(index()).toBe(1);
    expect(prev()).toHaveProperty('disabled', false);

    fireEvent.click(next());
    fireEvent.click(next());
    expect(index()).toBe(3);
    expect(next()).toHaveProperty('disabled', true);
    expect(prev()).toHaveProperty('disabled', false);

    // Clicking a disabled arrow changes nothing.
    fireEvent.click(next());
    expect(index()).toBe(3);

    fireEvent.click(prev());
    expect(index()).toBe(2);
  });

  it('moves with the left and right arrow keys, stopping at the ends', async () => {
    await renderCarousel();
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(index()).toBe(0);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(index()).toBe(1);
    fireEvent.keyDown(carousel(), { key: 'ArrowRight' });
    fireEvent.keyDown(carousel(), { key: 'ArrowRight' });
    fireEvent.keyDown(carousel(), { key: 'ArrowRight' });
    expect(index()).toBe(3);
    fireEvent.keyDown(next(), { key: 'ArrowLeft' });
    expect(index()).toBe(2);
  });

  it('leaves the arrow keys to text fields, other widgets and open modals', async () => {
    await renderCarousel(
      <>
        <input aria-label="Somewhere else" />
        <button type="button">Elsewhere</button>
        <BannerCarousel />
      </>,
    );
    fireEvent.keyDown(screen.getByLabelText('Somewhere else'), { key: 'ArrowRight' });
    expect(index()).toBe(0);
    fireEvent.keyDown(screen.getByRole('button', { name: 'Elsewhere' }), { key: 'ArrowRight' });
    expect(index()).toBe(0);
    fireEvent.keyDown(document.body, { key: 'ArrowRight', shiftKey: true });
    expect(index()).toBe(0);

    useModalStore.setState({ modal: 'login' });
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(index()).toBe(0);
  });

  it('loads the first artwork eagerly with high priority and the others lazily', async () => {
    await renderCarousel();
    const images = carousel().querySelectorAll('img');
    expect(images).toHaveLength(4);
    expect(images[0]?.getAttribute('loading')).toBe('eager');
    expect(images[0]?.getAttribute('fetchpriority')).toBe('high');
    for (const image of Array.from(images).slice(1)) {
      expect(image.getAttribute('loading')).toBe('lazy');
      expect(image.getAttribute('decoding')).toBe('async');
    }
    // Both cuts, switching at 768 px; sizes set so nothing shifts when they arrive.
    const source = carousel().querySelector('picture source');
    expect(source?.getAttribute('media')).toBe('(max-width: 768px)');
    expect(source?.getAttribute('srcset')).toMatch(/-mobile\.svg$/);
    expect(images[0]?.getAttribute('src')).toMatch(/-desktop\.svg$/);
    expect(images[0]?.getAttribute('width')).toBe('1600');
    expect(images[0]?.getAttribute('height')).toBe('500');
  });

  it('starts loading the next artwork once the player moves', async () => {
    await renderCarousel();
    fireEvent.click(next());
    const images = carousel().querySelectorAll('img');
    expect(images[1]?.getAttribute('loading')).toBe('eager');
    expect(images[2]?.getAttribute('loading')).toBe('eager');
    expect(images[3]?.getAttribute('loading')).toBe('lazy');
  });

  it("sends a guest to registration from the welcome bonus slide's call to action", async () => {
    await renderCarousel();
    fireEvent.click(next());
    const welcome = screen.getAllByTestId('banner-slide')[1];
    const cta = welcome?.querySelector('button');
    expect(cta).not.toBeNull();
    fireEvent.click(cta!);
    expect(useModalStore.getState().modal).toBe('register');
  });
});
