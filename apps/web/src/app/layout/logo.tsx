import { useId } from 'react';
import { cx } from '../../shared/lib/class-names';
import styles from './logo.module.css';

/** "dark" is drawn for dark backgrounds (light lettering), "light" for light ones. */
export type LogoVariant = 'dark' | 'light';

const palette: Record<LogoVariant, { from: string; to: string; word: string; ring: string }> = {
  dark: { from: '#A47BFF', to: '#6326D9', word: '#F2F4FF', ring: '#FFFFFF' },
  light: { from: '#8B5CF6', to: '#5B21B6', word: '#14172B', ring: '#FFFFFF' },
};

interface LogoProps {
  variant: LogoVariant;
  /** Hide the wordmark on narrow screens and keep only the mark. */
  compact?: boolean;
  className?: string;
}

/**
 * The Orbita logo: a planet with a ring and a golden ball on its orbit (a roulette ball
 * circling the wheel), beside the wordmark. Purely decorative: the enclosing link names it.
 */
export function Logo({ variant, compact = false, className }: LogoProps) {
  const gradient = useId();
  const colors = palette[variant];
  return (
    <span className={cx(styles.logo, compact && styles.compact, className)} data-variant={variant}>
      <svg className={styles.mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient
            id={gradient}
            x1="0"
            y1="0"
            x2="32"
            y2="32"
            gradientUnits="userSpaceOnUse"
          >
            <stop stopColor={colors.from} />
            <stop offset="1" stopColor={colors.to} />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={`url(#${gradient})`} />
        <g
          transform="rotate(-30 16 16)"
          fill="none"
          stroke={colors.ring}
          strokeWidth="1.8"
          strokeLinecap="round"
        >
          <path d="M27 16A11 5 0 0 0 5 16" opacity="0.55" />
        </g>
        <circle cx="16" cy="16" r="5.4" fill="#22C55E" />
        <circle cx="14.3" cy="14.2" r="1.6" fill="#FFFFFF" opacity="0.45" />
        <g
          transform="rotate(-30 16 16)"
          fill="none"
          stroke={colors.ring}
          strokeWidth="1.8"
          strokeLinecap="round"
        >
          <path d="M5 16A11 5 0 0 0 27 16" />
        </g>
        <circle cx="25.5" cy="10.5" r="2.5" fill="#F5B544" />
      </svg>
      <svg className={styles.word} viewBox="0 0 84 32" aria-hidden="true" focusable="false">
        <text
          x="0"
          y="23"
          fill={colors.word}
          fontSize="23"
          fontWeight="750"
          letterSpacing="-0.5"
          textLength="80"
          lengthAdjust="spacingAndGlyphs"
        >
          orbita
        </text>
        <circle cx="82" cy="21.2" r="2" fill="#F5B544" />
      </svg>
    </span>
  );
}
