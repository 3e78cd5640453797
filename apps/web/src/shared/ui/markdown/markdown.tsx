import ReactMarkdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import remarkGfm from 'remark-gfm';
import { cx } from '../../lib/class-names';
import styles from './markdown.module.css';

// GitHub-flavoured Markdown: tables (the loyalty levels), strikethrough, autolinks.
const plugins = [remarkGfm];

// Links inside the site stay in the app; others open in a new tab without the opener.
const components: Components = {
  a: ({ href = '', children }) =>
    href.startsWith('/') ? (
      <Link to={href}>{children}</Link>
    ) : (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ),
  // Tables scroll sideways on a phone instead of widening the page; the scroller takes focus
  // so a keyboard can scroll it too (axe: scrollable-region-focusable).
  table: ({ children }) => (
    <div className={styles.tableWrap} tabIndex={0}>
      <table>{children}</table>
    </div>
  ),
};

/**
 * Operator-written Markdown (FAQ answers, legal pages). react-markdown builds React elements
 * and skips raw HTML, so a file can never inject markup or script.
 */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={cx(styles.markdown, className)}>
      <ReactMarkdown components={components} remarkPlugins={plugins}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
