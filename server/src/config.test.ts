import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_JWT_SECRET, loadConfig } from './config.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('loadConfig', () => {
  it('starts with safe development defaults and no variables at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.db.uri).toBeUndefined();
    expect(config.jwtSecret).toBe(DEV_JWT_SECRET);
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

  it('refuses production with the development JWT secret', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
  });

  it('refuses production without Razorpay keys', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-long-private-production-secret' })).toThrow(
      /RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are required in production/,
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
