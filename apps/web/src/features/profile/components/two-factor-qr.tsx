import { encode } from 'uqr';

/**
 * The otpauth:// URI as a QR code of SVG squares (uqr, about 8 kB gzipped, loaded with this
 * module only when the player turns two-factor sign-in on). Dark on a light quiet zone in
 * both themes, as scanners expect.
 */
export default function TwoFactorQr({ value, label }: { value: string; label: string }) {
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
      data-testid="two-factor-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
