import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Language } from '@casino/contracts';

export interface ContentFile {
  /** The text of the first `# ` line. */
  title: string;
  /** Everything after it. */
  body: string;
  modifiedAt: Date;
}

/**
 * The Markdown files under `dir/<lang>/<name>.md`, read on demand and kept while their
 * modification time stays the same: an operator's edit shows on the next request, with no
 * restart and no rebuild.
 */
export function createContentFiles(dir: string) {
  const cache = new Map<string, { mtimeMs: number; file: ContentFile }>();
  return {
    async read(lang: Language, name: string): Promise<ContentFile | undefined> {
      const path = join(dir, lang, `${name}.md`);
      let mtimeMs: number;
      try {
        mtimeMs = (await stat(path)).mtimeMs;
      } catch {
        return undefined;
      }
      const cached = cache.get(path);
      if (cached && cached.mtimeMs === mtimeMs) return cached.file;
      const file = parseContentFile(await readFile(path, 'utf8'), new Date(mtimeMs));
      cache.set(path, { mtimeMs, file });
      return file;
    },
  };
}

export function parseContentFile(text: string, modifiedAt: Date): ContentFile {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^#[ \t]+(.+)$/m.exec(normalised);
  if (!match || match.index === undefined) {
    return { title: '', body: normalised.trim(), modifiedAt };
  }
  const body = normalised.slice(match.index + match[0].length);
  return { title: match[1]!.trim(), body: body.trim(), modifiedAt };
}
