/**
 * Where the login page returns to: a path of this app only (`/players/…`), never another site
 * (`//evil.example`, `https://…`), which an attacker could put in a link's `next`.
 */
export function safeNext(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next.startsWith('/login') || next.startsWith('/setup')) return '/';
  return next;
}
