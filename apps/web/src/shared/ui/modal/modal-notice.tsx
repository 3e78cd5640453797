import type { LucideIcon } from 'lucide-react';
import styles from './modal-notice.module.css';

/** A short notice inside a modal: a round icon over one sentence. */
export function ModalNotice({ icon: Icon, text }: { icon: LucideIcon; text: string }) {
  return (
    <div className={styles.notice}>
      <span className={styles.icon} aria-hidden="true">
        <Icon size={28} strokeWidth={1.75} />
      </span>
      <p className={styles.text}>{text}</p>
    </div>
  );
}
