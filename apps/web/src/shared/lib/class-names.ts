/** Joins the truthy class names: `cx(styles.a, open && styles.b)`. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
