import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverPackageRoot } from '../../src/lib/package-root';

/**
 * Node 20, 22 and 24 must all work (issue 25: `npm ci` on Node 20 warned that cookie@2 wants
 * Node 22). `engine-strict` in .npmrc makes `npm ci` fail on the Node it runs on; this test
 * checks every package of the lock file against the oldest release of each supported line,
 * whichever Node runs it.
 */
const supported = ['20.19.0', '22.13.0', '24.0.0'];
const repoRoot = join(serverPackageRoot, '..', '..');

type Version = [number, number, number];
const parse = (text: string): Version | undefined => {
  const match = /^v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?(?:-[\w.]+)?$/.exec(text.trim());
  if (!match) return undefined;
  const part = (s: string | undefined) => (s === undefined || s === 'x' || s === '*' ? 0 : +s);
  return [part(match[1]), part(match[2]), part(match[3])];
};
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** One comparator ("^20.19.0", ">=22", "<25"); throws on a form this check does not know. */
function meets(version: Version, comparator: string): boolean {
  if (comparator === '*' || comparator === '') return true;
  const match = /^(\^|~|>=|<=|>|<|=)?\s*(.+)$/.exec(comparator);
  const bound = match ? parse(match[2] ?? '') : undefined;
  if (!match || !bound) throw new Error(`unknown engine range: ${comparator}`);
  const order = compare(version, bound);
  switch (match[1]) {
    case '^':
      return order >= 0 && version[0] === bound[0];
    case '~':
      return order >= 0 && version[0] === bound[0] && version[1] === bound[1];
    case '>=':
      return order >= 0;
    case '>':
      return order > 0;
    case '<=':
      return order <= 0;
    case '<':
      return order < 0;
    case '=':
    case undefined:
      return order === 0 || (comparator.split('.').length < 3 && version[0] === bound[0]);
    default:
      throw new Error(`unknown engine range: ${comparator}`);
  }
}

/** An npm range ("^20.19.0 || ^22.13.0 || >=24", ">= 18"): any alternative, all its parts. */
export function satisfies(versionText: string, range: string): boolean {
  const version = parse(versionText);
  if (!version) throw new Error(`not a version: ${versionText}`);
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(\^|~|>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .every((comparator) => meets(version, comparator)),
  );
}

interface LockedPackage {
  version?: string;
  engines?: { node?: string };
  optional?: boolean;
  os?: string[];
}

describe('Node versions', () => {
  it('reads ranges as npm does', () => {
    expect(satisfies('20.19.0', '>=22')).toBe(false);
    expect(satisfies('22.13.0', '^20.19.0 || ^22.13.0 || >=24')).toBe(true);
    expect(satisfies('22.12.0', '^20.19.0 || ^22.13.0 || >=24')).toBe(false);
    expect(satisfies('24.0.0', '>= 18')).toBe(true);
    expect(satisfies('24.0.0', '^20.9.0')).toBe(false);
  });

  it('the project declares Node 20, 22 and 24, and npm refuses an install that does not fit', () => {
    const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    for (const version of supported) expect(satisfies(version, root.engines.node)).toBe(true);
    const npmrc = readFileSync(join(repoRoot, '.npmrc'), 'utf8');
    expect(npmrc).toMatch(/^engine-strict=true$/m);
  });

  it('every package installed on Linux supports Node 20, 22 and 24', () => {
    const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, LockedPackage>;
    };
    const misfits: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = entry.engines?.node;
      if (path === '' || range === undefined) continue;
      // A platform package of another OS (sharp's Windows build) is never installed here.
      if (entry.optional && entry.os && !entry.os.includes(process.platform)) continue;
      for (const version of supported) {
        if (!satisfies(version, range)) misfits.push(`${path}@${entry.version}: ${range}`);
      }
    }
    expect(misfits).toEqual([]);
  });
});
