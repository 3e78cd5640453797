import type { ComponentProps, ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import { Spinner } from '../spinner/spinner';
import styles from './button.module.css';

/** `danger`: an action that cannot be undone (closing the account), the only red button. */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'accent' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonLook {
  variant?: ButtonVariant | undefined;
  size?: ButtonSize | undefined;
  block?: boolean | undefined;
}

/** The button look for elements that are not buttons (router links that act as actions). */
export function buttonClassName({ variant = 'secondary', size = 'md', block }: ButtonLook = {}) {
  return cx(styles.button, styles[variant], styles[size], block && styles.block);
}

interface ButtonProps extends ComponentProps<'button'>, ButtonLook {
  icon?: ReactNode;
  /** Its action runs: the button is disabled and a spinner stands in for the icon. */
  pending?: boolean | undefined;
}

export function Button({
  variant,
  size,
  block,
  icon,
  pending = false,
  disabled,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(buttonClassName({ variant, size, block }), className)}
      disabled={disabled || pending}
      {...rest}
    >
      {pending ? <Spinner /> : icon}
      {children !== undefined && <span className={styles.label}>{children}</span>}
    </button>
  );
}

interface IconButtonProps extends ComponentProps<'button'> {
  /** Required: an icon-only button has no other accessible name. */
  'aria-label': string;
  variant?: 'plain' | 'filled';
}

export function IconButton({
  variant = 'plain',
  className,
  type = 'button',
  children,
  ...rest
}: IconButtonProps) {
  return (
    <button
      type={type}
      className={cx(styles.iconButton, variant === 'filled' && styles.iconFilled, className)}
      {...rest}
    >
      {children}
    </button>
  );
}
