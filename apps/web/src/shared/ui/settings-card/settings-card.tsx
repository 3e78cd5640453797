import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../button/button';
import cards from '../card/card.module.css';
import styles from './settings-card.module.css';

interface SettingsCardProps {
  /** The title's id, which names the section for assistive technology. */
  titleId: string;
  title: ReactNode;
  /** The muted line under the title; left out while it is not known yet. */
  lead?: ReactNode;
  /** What acts on the whole card, beside the title (a button, a status badge). */
  aside?: ReactNode;
  id?: string;
  testId?: string;
  children: ReactNode;
}

/**
 * A card of the profile area (the profile's settings, sessions and two-factor cards, the
 * identity and privacy cards): the frame, the title with its lead, and what the card holds.
 * With an `aside` the title and the aside share a row that wraps on a phone.
 */
export function SettingsCard({
  titleId,
  title,
  lead,
  aside,
  id,
  testId,
  children,
}: SettingsCardProps) {
  const heading = (
    <>
      <h2 id={titleId} className={cards.cardTitle}>
        {title}
      </h2>
      {lead === undefined ? null : <p className={cards.cardLead}>{lead}</p>}
    </>
  );
  return (
    <section className={cards.card} aria-labelledby={titleId} id={id} data-testid={testId}>
      {aside === undefined ? (
        <header className={cards.cardHeader}>{heading}</header>
      ) : (
        <header className={styles.header}>
          <div className={cards.cardHeader}>{heading}</div>
          {aside}
        </header>
      )}
      {children}
    </section>
  );
}

/** A card's part that failed to load: the reason and a Retry button, in a muted row. */
export function LoadFailed({
  message,
  retry,
  onRetry,
  className = styles.failed,
}: {
  message: string;
  retry: string;
  onRetry: () => void;
  /** The row's own frame where it is not the card's (the verification page's column). */
  className?: string;
}) {
  return (
    <div className={className} role="alert">
      <p>{message}</p>
      <Button
        variant="secondary"
        onClick={onRetry}
        icon={<RotateCw size={16} aria-hidden="true" />}
      >
        {retry}
      </Button>
    </div>
  );
}
