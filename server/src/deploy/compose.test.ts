import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/** No Docker engine runs on our machines, so the stack's shape is checked by reading it. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Service {
  image?: string;
  build?: unknown;
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test: string[] };
  environment?: Record<string, string>;
  env_file?: string;
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const envExample = readFileSync(path.join(root, '.env.example'), 'utf8');

describe('docker-compose stack', () => {
  it('has mongo, app and mail services', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'mail', 'mongo']);
  });

  it('keeps MongoDB data in a named volume and checks its health', () => {
    const mongo = compose.services.mongo!;
    expect(mongo.image).toMatch(/^mongo:/);
    expect(mongo.volumes).toContain('mongo-data:/data/db');
    expect(compose.volumes).toHaveProperty('mongo-data');
    expect(mongo.healthcheck?.test.join(' ')).toContain('ping');
  });

  it('serves the store on one port, waits for a healthy database and checks /readyz', () => {
    const app = compose.services.app!;
    expect(app.build).toBeDefined();
    expect(app.ports).toEqual(['3000:3000']);
    expect(app.env_file).toBe('.env');
    expect(app.environment?.MONGODB_URI).toMatch(/^mongodb:\/\/mongo:27017\//);
    expect(app.environment?.SMTP_HOST).toBe('mail');
    expect(app.depends_on?.mongo?.condition).toBe('service_healthy');
    expect(app.healthcheck?.test.join(' ')).toContain('/readyz');
  });

  it('gives the mail catcher a web inbox', () => {
    expect(compose.services.mail!.ports).toContain('8025:8025');
  });

  it('builds in two stages and runs as a non-root user', () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/readyz/);
  });

  it('documents every variable the server reads in .env.example', () => {
    const configSource = readFileSync(path.join(root, 'server/src/config.ts'), 'utf8');
    const envSchemaBlock = configSource.slice(
      configSource.indexOf('const envSchema'),
      configSource.indexOf('export type Env'),
    );
    const variables = [...envSchemaBlock.matchAll(/^\s{2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    expect(variables.length).toBeGreaterThan(20);
    for (const name of variables) expect(envExample, name).toMatch(new RegExp(`^${name}=`, 'm'));
  });
});
