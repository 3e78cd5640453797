import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './page.module.css';

interface PageProps {
  title: string;
  /** Small line above the title (a section or provider name). */
  eyebrow?: string;
  /** Buttons or links on the title row. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A routed page: sets the document title and renders the page heading. */
export function Page({ title, eyebrow, actions, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.heading}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h1 className={styles.title}>{title}</h1>
        </div>
        {actions && <div className={styles.actions}>{actions}</div>}
      </header>
      {children}
    </div>
  );
}
