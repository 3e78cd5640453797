import { useId, type ReactNode } from 'react';

interface FlagProps {
  className?: string;
}

const width = 24;
const height = 16;

/** A flag's frame: its size, the rounded corners its bands are cut to, a faint outline. */
function FlagFrame({ className, children }: FlagProps & { children: ReactNode }) {
  const clip = useId();
  return (
    <svg
      className={className}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      focusable="false"
    >
      <clipPath id={clip}>
        <rect width={width} height={height} rx={2.5} />
      </clipPath>
      <g clipPath={`url(#${clip})`}>{children}</g>
      <rect
        x={0.25}
        y={0.25}
        width={width - 0.5}
        height={height - 0.5}
        rx={2.3}
        fill="none"
        stroke="rgb(0 0 0 / 0.18)"
        strokeWidth={0.5}
      />
    </svg>
  );
}

/** The United States flag, simplified for 24 × 16 px: 13 stripes and a starred canton. */
export function FlagUs({ className }: FlagProps) {
  const stripe = height / 13;
  const cantonWidth = width * 0.42;
  const cantonHeight = stripe * 7;
  const stars = [];
  for (let row = 0; row < 3; row += 1) {
    for (let col = 0; col < 4; col += 1) {
      stars.push(
        <circle
          key={`${row}-${col}`}
          cx={1.3 + col * 2.45 + (row % 2) * 0.6}
          cy={1.4 + row * 2.9}
          r={0.55}
          fill="#fff"
        />,
      );
    }
  }
  return (
    <FlagFrame className={className}>
      <rect width={width} height={height} fill="#fff" />
      {Array.from({ length: 7 }, (_, index) => (
        <rect key={index} y={index * 2 * stripe} width={width} height={stripe} fill="#B22234" />
      ))}
      <rect width={cantonWidth} height={cantonHeight} fill="#3C3B6E" />
      {stars}
    </FlagFrame>
  );
}

/** The Russian flag: white, blue and red bands. */
export function FlagRu({ className }: FlagProps) {
  const band = height / 3;
  return (
    <FlagFrame className={className}>
      <rect width={width} height={band} fill="#fff" />
      <rect y={band} width={width} height={band} fill="#0039A6" />
      <rect y={band * 2} width={width} height={band} fill="#D52B1E" />
    </FlagFrame>
  );
}
