import { cx } from '../../lib/class-names';
import styles from './spinner.module.css';

/** A small busy indicator; decorative (say what is loading in text next to it). */
export function Spinner({ size = 16, className }: { size?: number; className?: string }) {
  return (
    <span
      className={cx(styles.spinner, className)}
      style={{ width: size, height: size }}
      aria-hidden="true"
    />
  );
}
