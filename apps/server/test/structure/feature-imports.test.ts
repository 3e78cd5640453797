import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const featuresDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/features');

/** Every source file (tests excluded) under a folder, recursively. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The feature folder a path under src/features belongs to, or undefined outside them. */
function featureOf(path: string): string | undefined {
  const rel = relative(featuresDir, path);
  if (rel.startsWith('..')) return undefined;
  return rel.split(sep)[0];
}

/** feature → the other features it imports from (type-only imports count too). */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const specifier = /(?:from\s+|import\s*\(\s*)'(\.[^']*)'/g;
  for (const file of sourceFiles(featuresDir)) {
    const from = featureOf(file);
    if (from === undefined) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(specifier)) {
      const to = featureOf(resolve(dirname(file), spec ?? '.'));
      if (to !== undefined && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the features along it. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const walk = (node: string, path: string[]) => {
    const at = path.indexOf(node);
    if (at >= 0) {
      cycles.push([...path.slice(at), node]);
      return;
    }
    if (done.has(node)) return;
    for (const next of graph.get(node) ?? []) walk(next, [...path, node]);
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) walk(node, []);
  return cycles;
}

describe('imports between server features', () => {
  it('form no cycle (a feature both sides need gets a folder of its own, as game-sessions)', () => {
    const cycles = cyclesOf(featureGraph()).map((cycle) => cycle.join(' → '));
    expect(cycles).toEqual([]);
  });

  it('keep game sessions below games and providers', () => {
    const graph = featureGraph();
    expect([...(graph.get('providers') ?? [])]).not.toContain('games');
    expect(graph.get('game-sessions')?.has('games')).toBe(false);
    expect(graph.get('game-sessions')?.has('providers')).toBe(false);
    expect(graph.get('games')?.has('game-sessions')).toBe(true);
    expect(graph.get('providers')?.has('game-sessions')).toBe(true);
  });

  it('finds a cycle when there is one (the walk itself)', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
