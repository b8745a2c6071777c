import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_JWT_SECRET, loadConfig } from './config.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('loadConfig', () => {
  it('runs the shop in production with no variables at all: the payment simulator, the stored secrets', () => {
    const stored = { jwtSecret: 's'.repeat(43), paymentSimulatorSecret: 'p'.repeat(43) };
    const config = loadConfig({}, stored);
    expect(config.env).toBe('production');
    expect(config.isProduction).toBe(true);
    expect(config.port).toBe(3000);
    expect(config.db.uri).toBeUndefined();
    expect(config.jwtSecret).toBe(stored.jwtSecret);
    expect(config.shop.whatsappPhone).toBe(`91${config.shop.phone}`);
    expect(config.razorpay).toBeUndefined();
  });

  it('treats empty variables as unset, as .env.example leaves them', () => {
    expect(loadConfig({ MONGODB_URI: '', SHOP_WHATSAPP: '', PORT: '' }).port).toBe(3000);
  });

  it('names each malformed variable in one line', () => {
    expect(() => loadConfig({ PORT: 'eighty', MONGODB_URI: 'http://db' })).toThrow(
      /Invalid environment: PORT .*; MONGODB_URI must start with mongodb:\/\/ or mongodb\+srv:\/\//,
    );
  });

  it('refuses production with the published development JWT_SECRET set in the environment', () => {
    const published = { NODE_ENV: 'production', JWT_SECRET: DEV_JWT_SECRET };
    expect(() => loadConfig(published)).toThrow(ConfigError);
    expect(() => loadConfig(published)).toThrow(
      'Invalid environment: JWT_SECRET is the published development value; remove it (the server makes its own) or set a private one',
    );
    expect(loadConfig({ ...published, NODE_ENV: 'development' }).jwtSecret).toBe(DEV_JWT_SECRET);
  });

  it('refuses a JWT_SECRET shorter than 16 characters', () => {
    expect(() => loadConfig({ JWT_SECRET: 'too-short' })).toThrow(
      'Invalid environment: JWT_SECRET must be at least 16 characters',
    );
  });

  it('accepts a complete production environment', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-long-private-production-secret',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 'secret',
      CORS_ORIGINS: 'https://shop.example, https://admin.example',
    });
    expect(config.isProduction).toBe(true);
    expect(config.corsOrigins).toEqual(['https://shop.example', 'https://admin.example']);
  });
});

describe('server start with a bad environment', () => {
  it('stops at once with one clear line', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: 'not-a-port', NODE_ENV: 'development' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid environment: PORT Invalid input: expected number, received NaN');
  });
});
