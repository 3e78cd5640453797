import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadGamesMessages } from '../../../shared/i18n/games/load';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { renderWithProviders } from '../../../test/render';
import { BannerCarousel } from './banner-carousel';

beforeAll(() => loadGamesMessages());

afterEach(() => {
  useModalStore.setState({ modal: null, demo: false });
});

const carousel = () => screen.getByTestId('banner-carousel');
const index = () => Number(carousel().dataset.index);
const prev = () => screen.getByTestId('carousel-prev');
const next = () => screen.getByTestId('carousel-next');

describe('BannerCarousel', () => {
  it('shows four slides, the first one current', () => {
    renderWithProviders(<BannerCarousel />);
    const slides = screen.getAllByTestId('banner-slide');
    expect(slides).toHaveLength(4);
    expect(index()).toBe(0);
    expect(slides[0]?.getAttribute('aria-hidden')).toBe('false');
    expect(slides[1]?.getAttribute('aria-hidden')).toBe('true');
    // Hidden slides are inert: their call to action is not a tab stop.
    expect(slides[1]?.hasAttribute('inert')).toBe(true);
  });

  it('disables the previous arrow on the first slide and the next arrow on the last', () => {
    renderWithProviders(<BannerCarousel />);
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

  it('moves with the left and right arrow keys, stopping at the ends', () => {
    renderWithProviders(<BannerCarousel />);
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

  it('leaves the arrow keys to text fields, other widgets and open modals', () => {
    renderWithProviders(
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

  it('loads the first artwork eagerly with high priority and the others lazily', () => {
    renderWithProviders(<BannerCarousel />);
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

  it('starts loading the next artwork once the player moves', () => {
    renderWithProviders(<BannerCarousel />);
    fireEvent.click(next());
    const images = carousel().querySelectorAll('img');
    expect(images[1]?.getAttribute('loading')).toBe('eager');
    expect(images[2]?.getAttribute('loading')).toBe('eager');
    expect(images[3]?.getAttribute('loading')).toBe('lazy');
  });

  it("sends a guest to registration from the welcome bonus slide's call to action", () => {
    renderWithProviders(<BannerCarousel />);
    fireEvent.click(next());
    const welcome = screen.getAllByTestId('banner-slide')[1];
    const cta = welcome?.querySelector('button');
    expect(cta).not.toBeNull();
    fireEvent.click(cta!);
    expect(useModalStore.getState().modal).toBe('register');
  });
});
