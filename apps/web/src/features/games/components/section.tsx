import { ArrowRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../../../shared/lib/class-names';
import styles from './sections.module.css';

interface SectionProps {
  title: string;
  /** A button or link on the heading row (View All, See all). */
  action?: ReactNode;
  children: (headingId: string) => ReactNode;
  className?: string;
  testId?: string;
}

/** A titled block of the lobby: heading row, then its content. */
export function Section({ title, action, children, className, testId }: SectionProps) {
  const headingId = useId();
  return (
    <section
      className={cx(styles.section, className)}
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        {action}
      </div>
      {children(headingId)}
    </section>
  );
}

/** A section's link to the whole list (See all, Open the casino), with its arrow. */
export function SectionLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={styles.linkAction}>
      {children}
      <ArrowRight size={16} aria-hidden="true" />
    </Link>
  );
}
