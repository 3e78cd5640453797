import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

// The players' app's setting (apps/web shared/ui/markdown): GitHub-flavoured Markdown.
const plugins = [remarkGfm];

// Every link opens in a new tab without the opener: the back office never navigates away.
// Tables scroll sideways inside the preview (a keyboard can scroll them: they take focus).
const components: Components = {
  a: ({ href = '', children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  table: ({ children }) => (
    <div className="md-table" tabIndex={0}>
      <table>{children}</table>
    </div>
  ),
};

/**
 * The preview of operator-written Markdown, rendered as the players' app renders it:
 * react-markdown builds React elements and skips raw HTML (no rehype-raw), and its URL check
 * drops `javascript:` links, so a text can never inject markup or script here either.
 */
export function MarkdownPreview({
  children,
  title,
  label,
  testId,
}: {
  children: string;
  title?: string;
  label: string;
  testId?: string;
}) {
  return (
    <section className="markdown-preview" aria-label={label} data-testid={testId}>
      {/* The page's one h1 is the screen's; the previewed title is the preview's heading. */}
      {title ? <h2 className="preview-title">{title}</h2> : null}
      <ReactMarkdown components={components} remarkPlugins={plugins}>
        {children}
      </ReactMarkdown>
    </section>
  );
}
