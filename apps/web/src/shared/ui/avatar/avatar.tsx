import { useId, useState } from 'react';
import { cx } from '../../lib/class-names';
import styles from './avatar.module.css';

interface AvatarProps {
  /** Image URL; null (or an image that fails to load) shows the default avatar. */
  src: string | null;
  size: number;
  className?: string;
  testId?: string;
}

/** A round player picture. Decorative: the player's name is always written next to it. */
export function Avatar({ src, size, className, testId }: AvatarProps) {
  // Keyed by the URL, so a new picture gets a fresh chance to load.
  return (
    <AvatarImage key={src ?? ''} src={src} size={size} className={className} testId={testId} />
  );
}

function AvatarImage({ src, size, className, testId }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  if (src && !failed) {
    return (
      <img
        className={cx(styles.avatar, className)}
        src={src}
        alt=""
        width={size}
        height={size}
        decoding="async"
        onError={() => setFailed(true)}
        data-testid={testId}
        data-avatar="custom"
      />
    );
  }
  return <DefaultAvatar size={size} className={className} testId={testId} />;
}

/** The orbit, drawn twice: whole behind the player, and its near half again in front. */
const orbit = {
  cx: '32',
  cy: '29',
  rx: '25',
  ry: '8.5',
  fill: 'none',
  stroke: '#F5B544',
  strokeWidth: '1.6',
  transform: 'rotate(-18 32 29)',
} as const;

/**
 * The default avatar: a player silhouette inside a small orbit (the brand's motif), drawn in
 * the accent and gold of the design tokens; the same in both themes, like a photo would be.
 */
export function DefaultAvatar({
  size,
  className,
  testId,
}: {
  size: number;
  className?: string | undefined;
  testId?: string | undefined;
}) {
  const id = useId();
  const fill = `${id}-fill`;
  const clip = `${id}-clip`;
  return (
    <svg
      className={cx(styles.avatar, className)}
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      data-testid={testId}
      data-avatar="default"
    >
      <defs>
        <linearGradient id={fill} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8B5CF6" />
          <stop offset="1" stopColor="#3B2A8F" />
        </linearGradient>
        <clipPath id={clip}>
          <circle cx="32" cy="32" r="32" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clip})`}>
        <rect width="64" height="64" fill={`url(#${fill})`} />
        <circle cx="14" cy="12" r="1" fill="#fff" opacity="0.55" />
        <circle cx="50" cy="44" r="0.9" fill="#fff" opacity="0.45" />
        <circle cx="9" cy="40" r="0.8" fill="#fff" opacity="0.4" />
        <ellipse {...orbit} opacity="0.85" />
        <circle cx="32" cy="25" r="10.5" fill="#EEF0FF" />
        <path d="M11 66c0-12.4 9.4-21 21-21s21 8.6 21 21z" fill="#EEF0FF" />
        {/* The near half of the orbit passes in front of the player. */}
        <ellipse {...orbit} pathLength={100} strokeDasharray="50 50" />
        <circle cx="55.5" cy="19" r="3.2" fill="#F5B544" />
      </g>
    </svg>
  );
}
