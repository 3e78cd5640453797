import { encode } from 'uqr';

/**
 * A QR code as SVG squares (uqr, about 8 kB gzipped: import this module lazily, where a code is
 * shown: the crypto deposit address, the two-factor set-up). Dark squares on a light quiet
 * zone in both themes, as scanners expect.
 */
export default function QrCode({
  value,
  label,
  testId,
}: {
  value: string;
  label: string;
  testId: string;
}) {
  const { data } = encode(value, { ecc: 'M', border: 2 });
  const size = data.length;
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      width="100%"
      height="100%"
      data-testid={testId}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
