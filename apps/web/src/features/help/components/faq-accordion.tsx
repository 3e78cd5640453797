import type { Faq } from '@casino/contracts';
import { ChevronDown } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { cx } from '../../../shared/lib/class-names';
import { Markdown } from '../../../shared/ui/markdown/markdown';
import styles from './faq-accordion.module.css';

/**
 * SPEC §4 "FAQ accordion": none open or exactly one. Clicking a closed item opens it and
 * closes the other; clicking the open one closes it; 0.2 s to open or close. Each question is
 * a button (Enter and Space toggle it; Up, Down, Home and End move between questions), with
 * aria-expanded and the answer as its region.
 */
export function FaqAccordion({ sections }: { sections: Faq['sections'] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
    if (!keys.includes(event.key)) return;
    const buttons = [
      ...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-faq-question]'),
    ];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    event.preventDefault();
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? buttons.length - 1
          : (index + (event.key === 'ArrowDown' ? 1 : -1) + buttons.length) % buttons.length;
    buttons[next]?.focus();
  };

  return (
    <div className={styles.accordion} onKeyDown={onKeyDown} data-testid="faq-accordion">
      {sections.map((section) => (
        <section key={section.title} className={styles.section}>
          {section.title && <h3 className={styles.sectionTitle}>{section.title}</h3>}
          <ul className={styles.items}>
            {section.items.map((item) => {
              const open = openId === item.id;
              const panelId = `${baseId}-${item.id}`;
              return (
                <li
                  key={item.id}
                  className={cx(styles.item, open && styles.open)}
                  data-testid="faq-item"
                  data-open={open ? 'true' : 'false'}
                >
                  <h4 className={styles.questionHeading}>
                    <button
                      type="button"
                      className={styles.question}
                      aria-expanded={open}
                      aria-controls={panelId}
                      onClick={() => setOpenId(open ? null : item.id)}
                      data-faq-question
                      data-testid="faq-question"
                    >
                      <span>{item.question}</span>
                      <ChevronDown size={20} aria-hidden="true" className={styles.chevron} />
                    </button>
                  </h4>
                  <div
                    id={panelId}
                    role="region"
                    aria-label={item.question}
                    className={styles.answerWrap}
                    inert={!open}
                    data-testid="faq-answer"
                  >
                    <div className={styles.answerInner}>
                      <Markdown className={styles.answer}>{item.answer}</Markdown>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
