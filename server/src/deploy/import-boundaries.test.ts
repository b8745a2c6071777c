import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` runs dependency-cruiser with .dependency-cruiser.cjs over the real tree, which is clean.
 * Here the same command and rules run over a small tree laid out like ours with one bad import per
 * rule (and a good twin beside it), so a rule that stops catching its case fails this test.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const files: Record<string, string> = {
  'tsconfig.base.json': '{ "compilerOptions": { "module": "NodeNext", "moduleResolution": "NodeNext" } }',
  'server/src/config.ts': 'export const port = 3000;\n',
  'server/src/lib/mailer.ts': "import { Order } from '../modules/orders/index.js';\nexport const m = Order;\n",
  'server/src/lib/logger.ts': 'export const log = 1;\n',
  'server/src/middleware/auth.ts': [
    "import { User } from '../modules/users/user.model.js';",
    "import { findUser } from '../modules/users/index.js';",
    'export const auth = [User, findUser];',
    '',
  ].join('\n'),
  'server/src/middleware/validate.ts':
    "import { User } from '../modules/users/user.model.js';\nexport const v = User;\n",
  'server/src/modules/users/user.model.ts': 'export const User = 1;\n',
  'server/src/modules/users/service.ts': "import { User } from './user.model.js';\nexport const findUser = User;\n",
  'server/src/modules/users/index.ts':
    "export { findUser } from './service.js';\nexport { User } from './user.model.js';\n",
  'server/src/modules/orders/order.model.ts': 'export const Order = 1;\n',
  'server/src/modules/orders/service.ts': [
    "import { User } from '../users/user.model.js';",
    "import { findUser } from '../users/index.js';",
    "import { cancel } from './cancellation.js';",
    'export const place = [User, findUser];',
    'export const undo = cancel;',
    '',
  ].join('\n'),
  'server/src/modules/orders/cancellation.ts':
    "import { place } from './service.js';\nexport const cancel = () => place;\n",
  'server/src/modules/orders/index.ts':
    "export { Order } from './order.model.js';\nexport { place } from './service.js';\n",
  'server/src/flows/pay-online.ts': "import { Order } from '../modules/orders/index.js';\nexport const pay = Order;\n",
  'server/src/modules/orders/routes.ts':
    "import { pay } from '../../flows/pay-online.js';\nexport const routes = pay;\n",
  'server/src/main.ts': [
    "import { place } from './modules/orders/service.js';",
    "import { Order } from './modules/orders/index.js';",
    "import { pay } from './flows/pay-online.js';",
    'export const main = [place, Order, pay];',
    '',
  ].join('\n'),
  'embedded-mongo/src/storage/store.ts':
    "import { log } from '../../../server/src/lib/logger.js';\nexport const store = log;\n",
  'embedded-mongo/src/wire/wire.ts': "import { store } from '../storage/store.js';\nexport const wire = store;\n",
  'embedded-mongo/src/index.ts': "export { wire } from './wire/wire.js';\n",
  'embedded-mongo/src/values/values.ts': "import { store } from '../storage/store.js';\nexport const values = store;\n",
  'server/src/db/index.ts': [
    "import { wire } from '../../../embedded-mongo/src/index.js';",
    "import { store } from '../../../embedded-mongo/src/storage/store.js';",
    'export const db = [wire, store];',
    '',
  ].join('\n'),
  'client/src/app/session.ts': 'export const session = 1;\n',
  'client/src/state/shop.ts': 'export const shop = 1;\n',
  'client/src/features/cart/CartPage.ts': [
    "import { session } from '../../app/session';",
    "import { shop } from '../../state/shop';",
    'export const page = [session, shop];',
    '',
  ].join('\n'),
  'client/src/app/App.ts': "import { page } from '../features/cart/CartPage';\nexport const app = page;\n",
};

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

let dir: string;
let violations: Violation[];

/** `depcruise embedded-mongo/src server/src client/src` as `npm run lint` runs it, in the fixture tree. */
const cruise = (...options: string[]) =>
  spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
      'embedded-mongo/src',
      'server/src',
      'client/src',
      '--config',
      path.join(root, '.dependency-cruiser.cjs'),
      ...options,
    ],
    { cwd: dir, encoding: 'utf8' },
  );

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'import-boundaries-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  const run = cruise('--output-type', 'json');
  violations = (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ruleOf = (from: string, to: string) =>
  violations
    .filter((v) => v.from === from && v.to === to)
    .map((v) => v.rule.name)
    .sort();

describe('import boundaries (npm run lint)', () => {
  it('fails the lint when a rule is broken', () => {
    const run = cruise();
    expect(run.status).not.toBe(0);
    expect(run.stdout).toContain(
      'error client-features-imports-down: client/src/features/cart/CartPage.ts → client/src/app/session.ts',
    );
  }, 60_000);

  it('keeps client features from importing app/, not from the state below them', () => {
    expect(ruleOf('client/src/features/cart/CartPage.ts', 'client/src/app/session.ts')).toEqual([
      'client-features-imports-down',
    ]);
    expect(ruleOf('client/src/features/cart/CartPage.ts', 'client/src/state/shop.ts')).toEqual([]);
    expect(ruleOf('client/src/app/App.ts', 'client/src/features/cart/CartPage.ts')).toEqual([]);
  });

  it("lets a module reach another only through that module's index.ts", () => {
    expect(ruleOf('server/src/modules/orders/service.ts', 'server/src/modules/users/user.model.ts')).toEqual([
      'module-through-its-public-entry',
    ]);
    expect(ruleOf('server/src/modules/orders/service.ts', 'server/src/modules/users/index.ts')).toEqual([]);
    expect(ruleOf('server/src/main.ts', 'server/src/modules/orders/service.ts')).toEqual([
      'outside-code-through-public-entry',
    ]);
    expect(ruleOf('server/src/main.ts', 'server/src/modules/orders/index.ts')).toEqual([]);
  });

  it('puts flows above the modules and below main.ts', () => {
    expect(ruleOf('server/src/flows/pay-online.ts', 'server/src/modules/orders/index.ts')).toEqual([]);
    expect(ruleOf('server/src/modules/orders/routes.ts', 'server/src/flows/pay-online.ts')).toEqual([
      'server-modules-imports-down',
    ]);
    expect(ruleOf('server/src/main.ts', 'server/src/flows/pay-online.ts')).toEqual([]);
  });

  it('keeps lib and middleware from importing any module', () => {
    expect(ruleOf('server/src/lib/mailer.ts', 'server/src/modules/orders/index.ts')).toEqual([
      'server-lib-imports-down',
    ]);
    expect(ruleOf('server/src/middleware/validate.ts', 'server/src/modules/users/user.model.ts')).toEqual([
      'outside-code-through-public-entry',
      'server-middleware-imports-down',
    ]);
  });

  it('keeps middleware/auth.ts from importing any module, its models included', () => {
    expect(ruleOf('server/src/middleware/auth.ts', 'server/src/modules/users/user.model.ts')).toEqual(
      expect.arrayContaining(['server-middleware-imports-down']),
    );
    expect(ruleOf('server/src/middleware/auth.ts', 'server/src/modules/users/index.ts')).toEqual([
      'server-middleware-imports-down',
    ]);
  });

  it('keeps the engine from importing anything of the shop', () => {
    expect(ruleOf('embedded-mongo/src/storage/store.ts', 'server/src/lib/logger.ts')).toEqual([
      'engine-imports-nothing-of-the-shop',
    ]);
    expect(ruleOf('embedded-mongo/src/wire/wire.ts', 'embedded-mongo/src/storage/store.ts')).toEqual([]);
  });

  it("keeps the engine's layers pointing down", () => {
    expect(ruleOf('embedded-mongo/src/values/values.ts', 'embedded-mongo/src/storage/store.ts')).toEqual([
      'engine-values-imports-down',
    ]);
  });

  it("keeps the server to the engine's exports", () => {
    expect(ruleOf('server/src/db/index.ts', 'embedded-mongo/src/storage/store.ts')).toEqual([
      'engine-through-its-exports',
    ]);
    expect(ruleOf('server/src/db/index.ts', 'embedded-mongo/src/index.ts')).toEqual([]);
  });

  it('finds an import circle', () => {
    expect(ruleOf('server/src/modules/orders/cancellation.ts', 'server/src/modules/orders/service.ts')).toEqual([
      'no-circular',
    ]);
  });
});
