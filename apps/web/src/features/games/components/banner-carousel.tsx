import { limits, type Language } from '@casino/contracts';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useReducer, useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { removeBootBanner } from '../../../shared/lib/boot-banner';
import { cx } from '../../../shared/lib/class-names';
import { buttonClassName } from '../../../shared/ui/button/button';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { useAuthStore } from '../../auth';
import styles from './banner-carousel.module.css';
import { bannerSize, copyIn, useBanners, type BannerSlide } from './banners';

/** The media query of the mobile artwork: 768 px wide or less (SPEC §2, §9). */
export const bannerMobileQuery = `(max-width: ${limits.bannerMobileMaxWidth}px)`;

const isEditable = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * Left and right arrow keys move the carousel when the focus is inside it, or when nothing in
 * particular has it (the page itself: body or the main landmark). Everywhere else the keys keep
 * their own meaning: text fields, lists, tabs and open modals are never touched (decision 022).
 */
function ownsArrowKeys(root: HTMLElement, event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
    return false;
  }
  if (useModalStore.getState().modal) return false;
  const { target } = event;
  if (isEditable(target)) return false;
  if (target instanceof Node && root.contains(target)) return true;
  return (
    target === document.body ||
    target === document.documentElement ||
    (target instanceof HTMLElement && target.id === 'content')
  );
}

interface CarouselState {
  index: number;
  /** The player has come near (pointer, focus, a move): the next slide's artwork may load. */
  warm: boolean;
}

type CarouselAction = { type: 'go'; to: number } | { type: 'step'; by: 1 | -1 } | { type: 'warm' };

export function carouselReducer(
  state: CarouselState,
  action: CarouselAction,
  last: number,
): CarouselState {
  switch (action.type) {
    case 'warm':
      return state.warm ? state : { ...state, warm: true };
    case 'go':
    case 'step': {
      const target = action.type === 'go' ? action.to : state.index + action.by;
      const index = Math.max(0, Math.min(last, target));
      return index === state.index && state.warm ? state : { index, warm: true };
    }
  }
}

/**
 * The home banners (SPEC "Banner carousel"), the live ones the server lists (decision 090).
 * While they load, the carousel's box stands empty under the page's painted copy of the first
 * banner (index.html, which the server keeps in step with the first banner): nothing moves
 * when they arrive. With none live, or the list unavailable, there is no carousel.
 */
export function BannerCarousel() {
  const { t } = useTranslation();
  const { data, isPending } = useBanners();
  const slides = data?.data ?? [];
  const none = !isPending && slides.length === 0;
  // Nothing will replace the painted copy: it goes now.
  useEffect(() => {
    if (none) removeBootBanner();
  }, [none]);
  if (isPending) {
    return (
      <section
        className={styles.carousel}
        aria-label={t('games.carousel.label')}
        aria-busy="true"
        data-testid="banner-carousel-loading"
      >
        <div className={styles.viewport}>
          <div className={styles.track}>
            <div className={styles.slide}>
              <div className={styles.copy} />
            </div>
          </div>
        </div>
      </section>
    );
  }
  if (none) return null;
  return <Carousel slides={slides} />;
}

/**
 * The slides: previous and next arrows disabled at the ends, arrow keys, swipe on touch
 * screens, dots. No autoplay: slides move only when the player moves them (WCAG 2.2.2).
 */
export function Carousel({ slides }: { slides: readonly BannerSlide[] }) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLElement>(null);
  const count = slides.length;
  const last = count - 1;
  const [{ index, warm }, dispatch] = useReducer(
    (state: CarouselState, action: CarouselAction) => carouselReducer(state, action, last),
    { index: 0, warm: false },
  );
  const go = (to: number) => dispatch({ type: 'go', to });
  const warmUp = () => dispatch({ type: 'warm' });

  // The page's painted copy of the first banner (index.html) goes with the carousel at the
  // latest; normally it goes when the first picture has loaded (Slide).
  useEffect(() => removeBootBanner, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      const root = rootRef.current;
      if (!root || !ownsArrowKeys(root, event)) return;
      event.preventDefault();
      dispatch({ type: 'step', by: event.key === 'ArrowRight' ? 1 : -1 });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  // An arrow that just became disabled would drop the focus to the page: keep it in the carousel.
  useEffect(() => {
    const root = rootRef.current;
    const active = document.activeElement;
    if (root && active instanceof HTMLButtonElement && active.disabled && root.contains(active)) {
      root.focus();
    }
  }, [index]);

  // Swipe: a mostly horizontal drag of 40 px or more on a touch screen.
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'touch') swipe.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipe.current;
    swipe.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) >= 40 && Math.abs(dx) > Math.abs(event.clientY - start.y)) {
      go(index + (dx < 0 ? 1 : -1));
    }
  };

  return (
    <section
      ref={rootRef}
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={t('games.carousel.label')}
      tabIndex={-1}
      data-testid="banner-carousel"
      data-index={index}
      onPointerEnter={warmUp}
      onFocus={warmUp}
    >
      <div
        className={styles.viewport}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (swipe.current = null)}
      >
        <div className={styles.track} style={{ transform: `translateX(${-index * 100}%)` }}>
          {slides.map((slide, slideIndex) => (
            <Slide
              key={slide.id}
              slide={slide}
              position={slideIndex}
              count={count}
              current={slideIndex === index}
              eager={slideIndex === 0 || (warm && slideIndex <= index + 1)}
            />
          ))}
        </div>
      </div>

      <div className={styles.controls}>
        <button
          type="button"
          className={styles.arrow}
          onClick={() => go(index - 1)}
          disabled={index === 0}
          aria-label={t('games.carousel.previous')}
          data-testid="carousel-prev"
        >
          <ChevronLeft size={20} aria-hidden="true" />
        </button>
        <div className={styles.dots}>
          {slides.map((slide, slideIndex) => (
            <button
              key={slide.id}
              type="button"
              className={cx(styles.dot, slideIndex === index && styles.dotActive)}
              onClick={() => go(slideIndex)}
              aria-label={t('games.carousel.goTo', { index: slideIndex + 1 })}
              aria-current={slideIndex === index || undefined}
              tabIndex={-1}
            />
          ))}
        </div>
        <button
          type="button"
          className={styles.arrow}
          onClick={() => go(index + 1)}
          disabled={index === last}
          aria-label={t('games.carousel.next')}
          data-testid="carousel-next"
        >
          <ChevronRight size={20} aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}

interface SlideProps {
  slide: BannerSlide;
  position: number;
  count: number;
  current: boolean;
  /**
   * Load the artwork now rather than lazily: the first slide always (with high priority), the
   * next one as soon as the player shows interest in the carousel.
   */
  eager: boolean;
}

function Slide({ slide, position, count, current, eager }: SlideProps) {
  const { t, i18n } = useTranslation();
  const isAuth = useAuthStore((state) => state.isAuth);
  const openModal = useModalStore((state) => state.open);
  const first = position === 0;
  const cta = buttonClassName({ variant: 'primary', size: 'lg' });
  const language: Language = i18n.resolvedLanguage === 'en' ? 'en' : 'ru';
  const copy = copyIn(slide, language);
  const guestModal = isAuth ? undefined : (slide.guest_action ?? undefined);
  const image = useRef<HTMLImageElement>(null);

  // The first picture replaces the page's painted copy (index.html) once it can show itself:
  // loaded now (from the cache) or later (onLoad), or failed (onError: the copy must not
  // stay over the carousel's texts).
  useEffect(() => {
    if (first && image.current?.complete) removeBootBanner();
  }, [first]);

  return (
    <div
      className={styles.slide}
      role="group"
      aria-roledescription="slide"
      aria-label={t('games.carousel.slide', { index: position + 1, count })}
      aria-hidden={!current}
      inert={!current}
      data-testid="banner-slide"
      data-slide={slide.id}
    >
      <picture className={styles.picture}>
        <source media={bannerMobileQuery} srcSet={slide.mobile} {...bannerSize.mobile} />
        <img
          ref={image}
          className={styles.image}
          src={slide.desktop}
          {...bannerSize.desktop}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding={first ? 'auto' : 'async'}
          onLoad={first ? removeBootBanner : undefined}
          onError={first ? removeBootBanner : undefined}
        />
      </picture>
      <div className={styles.copy} lang={language}>
        {copy.eyebrow && <p className={styles.eyebrow}>{copy.eyebrow}</p>}
        <p className={styles.headline}>{copy.title}</p>
        {copy.text && <p className={styles.text}>{copy.text}</p>}
        {guestModal ? (
          <button type="button" className={cta} onClick={() => openModal(guestModal)}>
            {copy.cta}
          </button>
        ) : (
          <Link to={slide.link} className={cta}>
            {copy.cta}
          </Link>
        )}
      </div>
    </div>
  );
}
