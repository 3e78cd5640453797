import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import styles from './empty-state.module.css';

export type EmptyStateTone = 'accent' | 'primary' | 'gold';

interface EmptyStateProps {
  icon: LucideIcon;
  /** Replaces the icon artwork (the 404 page shows its number instead). */
  art?: ReactNode;
  title: string;
  text: string;
  /** A button or link that moves the player on. */
  action?: ReactNode;
  tone?: EmptyStateTone;
  /** "page" fills the content area as a card; "inline" sits inside a panel. */
  variant?: 'page' | 'inline';
  headingLevel?: 1 | 2 | 3;
  testId?: string;
}

/** An empty, not-yet-available or not-found state: icon, title, one sentence, an action. */
export function EmptyState({
  icon: Icon,
  art,
  title,
  text,
  action,
  tone = 'accent',
  variant = 'page',
  headingLevel = 2,
  testId,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={cx(styles.root, styles[variant], styles[tone])} data-testid={testId}>
      {art ?? (
        <div className={styles.art} aria-hidden="true">
          <span className={styles.orbit} />
          <span className={styles.orbitSmall} />
          <span className={styles.badge}>
            <Icon size={variant === 'page' ? 32 : 26} strokeWidth={1.75} />
          </span>
        </div>
      )}
      <Heading className={styles.title}>{title}</Heading>
      <p className={styles.text}>{text}</p>
      {action && <div className={styles.action}>{action}</div>}
    </section>
  );
}
