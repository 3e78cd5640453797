import type { Faq } from '@casino/contracts';

/**
 * The FAQ file's shape: `## Section` headings, each with `### Question` headings whose
 * answer is the Markdown until the next heading of level 2 or 3. Questions before the first
 * section go into an untitled one. Empty answers are skipped (a question being drafted).
 */
export function parseFaq(body: string): Faq['sections'] {
  const sections: Faq['sections'] = [];
  let section: Faq['sections'][number] | undefined;
  let question: { question: string; lines: string[] } | undefined;
  const flush = () => {
    if (!question) return;
    const answer = question.lines.join('\n').trim();
    if (answer !== '') {
      if (!section) {
        section = { title: '', items: [] };
        sections.push(section);
      }
      const id = `${sections.indexOf(section) + 1}-${section.items.length + 1}`;
      section.items.push({ id, question: question.question, answer });
    }
    question = undefined;
  };
  let inFence = false;
  for (const line of body.split('\n')) {
    if (/^(```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? null : /^(#{2,3})[ \t]+(.+?)[ \t#]*$/.exec(line);
    if (heading?.[1] === '##') {
      flush();
      section = { title: heading[2]!, items: [] };
      sections.push(section);
    } else if (heading?.[1] === '###') {
      flush();
      question = { question: heading[2]!, lines: [] };
    } else {
      question?.lines.push(line);
    }
  }
  flush();
  return sections.filter((s) => s.items.length > 0);
}
