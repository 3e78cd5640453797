import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configVariables, loadConfig } from '../../src/config';
import { createMetrics } from '../../src/features/metrics/metrics-registry';
import { serverPackageRoot } from '../../src/lib/package-root';

const root = join(serverPackageRoot, '../..');
const deploy = (name: string) => readFile(join(root, 'deploy', name), 'utf8');

interface ComposeService {
  image?: string;
  build?: { dockerfile?: string };
  environment?: Record<string, string>;
}

/** `${NAME:?message}` and `${NAME:-default}` as an operator's .env would fill them. */
function substituted(value: string): string {
  return value.replace(
    /\$\{([A-Z_]+)(?::[?-]([^}]*))?\}/g,
    (_all: string, name: string, rest: string | undefined) => {
      if (name === 'PUBLIC_URL') return 'https://casino.example.com';
      if (rest === undefined || rest.startsWith('set ')) {
        return `${name.toLowerCase()}-${'s'.repeat(40)}`;
      }
      return rest;
    },
  );
}

/**
 * The container recipe cannot be built here (no image registry is reachable), so what can be
 * checked is: the compose file's Orbita services set only variables the server knows, and a
 * configuration that loads; the image runs the same built server the process tests start.
 */
describe('deploy/', () => {
  it('compose.yaml: every Orbita variable is known to the configuration, and it loads', async () => {
    const compose = parse(await deploy('compose.yaml'), { merge: true }) as {
      services: Record<string, ComposeService>;
    };
    const orbita = Object.entries(compose.services).filter(
      ([, s]) => s.build?.dockerfile === 'deploy/Dockerfile' || s.image === 'orbita:local',
    );
    expect(orbita.map(([name]) => name).sort()).toEqual(['orbita-1', 'orbita-2']);
    const known = new Set(Object.keys(configVariables));
    for (const [name, service] of orbita) {
      const env = service.environment ?? {};
      for (const variable of Object.keys(env))
        expect(known, `${name}: ${variable}`).toContain(variable);
      const config = loadConfig(
        Object.fromEntries(Object.entries(env).map(([k, v]) => [k, substituted(String(v))])),
      );
      expect(config).toMatchObject({ env: 'production', trustProxy: true, port: 3000 });
      expect(config.databaseUrl).toMatch(/^postgres:\/\/orbita:.*@postgres:5432\/orbita$/);
      expect(config.redisUrl).toBe('redis://redis:6379/0');
      expect(config.metricsToken).toBeDefined();
    }
    expect(compose.services.postgres?.image).toMatch(/^postgres:16/);
    expect(compose.services.redis?.image).toMatch(/^redis:7/);
  });

  it('Dockerfile: runs the built server as `npm start` does, non-root, checked on readiness', async () => {
    const dockerfile = await deploy('Dockerfile');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual([
      'node',
      '--enable-source-maps',
      'apps/server/dist/server.js',
    ]);
    // The same file the root's `npm start` runs, and build.mjs writes by default (the process
    // tests build it with build.mjs and start it with node).
    const rootPackage = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(rootPackage.scripts.start).toContain(
      'node --enable-source-maps apps/server/dist/server.js',
    );
    expect(await readFile(join(serverPackageRoot, 'build.mjs'), 'utf8')).toContain(
      "default: 'dist/server.js'",
    );
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/api\/health\/ready/);
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(3);
  });

  it('the balancer checks readiness; Prometheus scrapes the instances; the dashboard reads real metrics', async () => {
    const haproxy = await deploy('haproxy.cfg');
    expect(haproxy).toContain('option httpchk GET /api/health/ready');
    expect(haproxy).toMatch(/timeout tunnel/);
    const prometheus = parse(await deploy('prometheus.yml')) as {
      scrape_configs: { metrics_path: string; static_configs: { targets: string[] }[] }[];
    };
    expect(prometheus.scrape_configs[0]?.metrics_path).toBe('/metrics');
    expect(prometheus.scrape_configs[0]?.static_configs[0]?.targets).toEqual([
      'orbita-1:3000',
      'orbita-2:3000',
    ]);

    const metrics = createMetrics({ redisConnected: () => true, databasePool: () => undefined });
    const names = new Set((await metrics.registry.getMetricsAsJSON()).map((m) => m.name));
    const dashboard = JSON.parse(await deploy('grafana/orbita-dashboard.json')) as {
      panels: { targets: { expr: string }[] }[];
    };
    const alerts = await deploy('alerts.yml');
    const exprs = [...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)), alerts].join(
      '\n',
    );
    const used = new Set(
      [...exprs.matchAll(/\b((?:orbita|nodejs|process)_[a-z_0-9]+)/g)].map((m) =>
        m[1]!.replace(/_(bucket|sum|count)$/, ''),
      ),
    );
    expect(used.size).toBeGreaterThan(10);
    for (const name of used) expect(names, name).toContain(name);
  });
});
