#!/usr/bin/env node
// npm run compose:check: the README's "docker compose" section tried word for word, as far as a
// machine without a Docker engine can go. In a fresh folder holding the compose file and
// .env.example it runs the section's commands: `cp .env.example .env`, then `docker-compose config`
// (Debian's docker-compose 1.29.2; `apt-get install -y docker-compose`), which resolves the
// environment exactly as `docker compose up` would hand it to the `app` container. `up` itself
// needs an engine, so instead the production build (node server/dist/main.js, as the Dockerfile
// runs it) is started with exactly that environment on top of the image's ENV. Only what the
// stack's other containers and volumes provide is mapped onto this machine, and each mapping is
// printed: the `mongo` service becomes the in-process engine, the `mail` service a local SMTP
// catcher, each volume a temporary folder, the published port a free one on 127.0.0.1.
// Then it checks what a new user would: /readyz, a page, the product list, a simulated payment
// with its order mail, and an admin's image upload landing in the volume's folder.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { parse as parseYaml } from 'yaml';
import { HOST, ROOT, buildIfMissing, freePort, startProcess, waitUntilReady } from './lib/production-store.mjs';

const COMPOSE = 'docker-compose';
const MAIL_WAIT_MS = 10_000;
const failures = [];

function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
  return ok;
}

/** A step that cannot go on: main() cleans up and the check fails with this message. */
function stop(message) {
  throw new Error(message);
}

/** The commands of the first fenced block under "## docker compose" in README.md. */
async function readmeComposeCommands() {
  const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
  const section = /^## docker compose\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
  const block = section && /^```bash\n([\s\S]*?)^```/m.exec(section)?.[1];
  if (!block) stop('README.md has no ```bash block in its "## docker compose" section');
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter(Boolean);
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.error) stop(`${command}: ${result.error.message}`);
  if (result.status !== 0) stop(`${[command, ...args].join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** `ENV a=1 b=2` lines of the Dockerfile's last stage: the environment the image starts with. */
async function imageEnv() {
  const dockerfile = await readFile(path.join(ROOT, 'Dockerfile'), 'utf8');
  const lastStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env = {};
  for (const [, pairs] of lastStage.matchAll(/^ENV (.+)$/gm)) {
    for (const pair of pairs.trim().split(/\s+/)) {
      const match = /^([A-Z_][A-Z0-9_]*)=([^"'$]*)$/.exec(pair);
      if (!match) stop(`Dockerfile: ENV ${pairs} is not plain NAME=value pairs; teach this check to read it`);
      env[match[1]] = match[2];
    }
  }
  return env;
}

/** Named volume mounts of a service as docker-compose config prints them (short or long form). */
function volumeMounts(service) {
  return (service.volumes ?? []).map((volume) => {
    if (typeof volume === 'string') {
      const [source, target] = volume.split(':');
      return { source, target };
    }
    return { source: volume.source, target: volume.target };
  });
}

/** Mails the app sends, caught by a real SMTP server as Mailpit would. */
async function startMailCatcher() {
  const mails = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          fromHeader: /^From: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
          subject: /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
        });
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise((resolve) => smtp.listen(port, HOST, resolve));
  return { port, mails, close: () => new Promise((resolve) => smtp.close(resolve)) };
}

async function waitForMail(mails, wanted) {
  const deadline = Date.now() + MAIL_WAIT_MS;
  while (Date.now() < deadline) {
    const mail = mails.find(wanted);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

async function api(base, method, url, { token, json, form } = {}) {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (json) headers['Content-Type'] = 'application/json';
  const res = await fetch(base + url, { method, headers, body: json ? JSON.stringify(json) : form });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

/** What a new user of the stack would try first, against the running store. */
async function tryTheStore(base, env, dataVolume, mails) {
  const page = await fetch(`${base}/products`, { headers: { Accept: 'text/html' } });
  const html = await page.text();
  check(
    page.status === 200 && html.includes(env.SHOP_NAME),
    `GET /products answers a page naming the shop "${env.SHOP_NAME}"`,
  );

  const products = await api(base, 'GET', '/api/main-category');
  const product = Array.isArray(products.body) ? products.body[0] : undefined;
  check(products.status === 200 && product !== undefined, 'GET /api/main-category lists the demo catalogue');

  const email = `compose-check-${Date.now()}@example.com`;
  const signup = await api(base, 'POST', '/api/auth/signup', {
    json: { username: 'Compose Check', email, contact: '9876543210', password: 'compose-check-pass' },
  });
  const token = signup.body?.token;
  check(Boolean(token), `a shopper signs up (${signup.status})`);
  if (token && product) {
    await api(base, 'POST', '/api/cart/add-to-cart', { token, json: { productId: product._id, quantity: 1 } });
    const created = await api(base, 'POST', '/api/payment/create-order', {
      token,
      json: { address: '5 Yagnik Road, Rajkot, Gujarat, India, 360001' },
    });
    check(
      created.body?.mode === 'simulator' && /^order_sim_/.test(created.body?.id ?? ''),
      `with no Razorpay keys the payment simulator takes the payment (${JSON.stringify(created.body)})`,
    );
    const paid = await api(base, 'POST', '/api/payment/simulator/pay', { json: { order_id: created.body?.id } });
    const verified = await api(base, 'POST', '/api/payment/verify-payment', { token, json: paid.body });
    check(verified.body?.success === true, `the simulated payment is verified into an order (${verified.status})`);
    const shopMail = await waitForMail(mails, (m) => m.to.includes(env.SHOP_EMAIL) && /New order/.test(m.subject));
    check(
      shopMail !== undefined && shopMail.from === env.SHOP_EMAIL && shopMail.fromHeader.includes(env.SHOP_NAME),
      `the order mail reaches SHOP_EMAIL from "${env.SHOP_NAME} <${env.SHOP_EMAIL}>" (${JSON.stringify(shopMail)})`,
    );
  }

  const login = await api(base, 'POST', '/logAdmin', {
    json: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
  });
  const adminToken = await firstLoginPasswordChange(base, login, env.ADMIN_PASSWORD);
  if (adminToken) {
    const photo = path.join(ROOT, 'server/assets/seed/gallery/amla.jpg');
    const form = new FormData();
    form.append('images', new Blob([await readFile(photo)], { type: 'image/jpeg' }), 'amla.jpg');
    const upload = await api(base, 'POST', '/gallery/upload', { token: adminToken, form });
    const image = upload.body?.items?.[0]?.image;
    check(upload.status === 201 && typeof image === 'string', `an admin uploads a gallery image (${upload.status})`);
    if (typeof image === 'string') {
      const stored = path.join(dataVolume, 'uploads', path.basename(image));
      check(existsSync(stored), `the upload lands in the data volume: ${stored}`);
      const served = await fetch(base + image);
      check(served.status === 200, `the store serves it at ${image}`);
    }
  }
}

/**
 * The admin of a fresh .env has the published password: every admin call but the change is refused
 * until a new one is chosen, as the admin panel asks at the first login. Returns the new token.
 */
async function firstLoginPasswordChange(base, login, publishedPassword) {
  if (
    !check(
      login.body?.mustChangePassword === true,
      `the admin from .env logs in and is asked for a new password (${login.status})`,
    )
  ) {
    return undefined;
  }
  const refused = await api(base, 'GET', '/api/auth/users', { token: login.body.token });
  check(
    refused.status === 403,
    `other admin calls wait for the new password (${refused.status} ${JSON.stringify(refused.body)})`,
  );
  const changed = await api(base, 'POST', '/api/admin/password', {
    token: login.body.token,
    json: { currentPassword: publishedPassword, newPassword: `compose-check-${Date.now()}` },
  });
  check(changed.status === 200 && Boolean(changed.body?.token), `the admin chooses a new password (${changed.status})`);
  return changed.body?.token;
}

/** Runs the README's commands in `project`; returns the output of `docker-compose config`. */
function tryReadmeCommands(commands, project) {
  let resolved;
  let upRequested = false;
  for (const command of commands) {
    console.log(`$ ${command}`);
    if (command === 'cp .env.example .env') run('sh', ['-c', command], project);
    else if (command === 'docker compose config') resolved = run(COMPOSE, ['config'], project);
    else if (/^docker compose up( --build)?$/.test(command)) upRequested = true;
    else stop(`The README's compose section runs "${command}", which this check cannot try yet: teach it.`);
  }
  if (!upRequested) stop("The README's compose section never starts the stack (docker compose up)");
  return resolved ?? run(COMPOSE, ['config'], project);
}

/**
 * The environment the `app` container would get, with what the stack's other containers and
 * volumes provide mapped onto this machine. Returns undefined when the stack is not shaped as the
 * mapping expects (a failed check says why).
 */
async function mapOntoThisMachine({ services, env: containerEnv, work, mailPort }) {
  const env = { ...containerEnv };
  const mapped = [];
  const mapTo = (name, value, why) => {
    mapped.push(`${name}: ${env[name] ?? '(unset)'} -> ${value ?? '(unset)'}  (${why})`);
    if (value === undefined) delete env[name];
    else env[name] = value;
  };
  const dbHost = env.MONGODB_URI ? new URL(env.MONGODB_URI).hostname : undefined;
  if (!check(dbHost in services, `MONGODB_URI points at a compose service (${dbHost})`)) return undefined;
  mapTo('MONGODB_URI', undefined, `no "${dbHost}" container here: the embedded engine`);
  mapTo('EMBEDDED_ENGINE', 'wire', 'the in-process engine, no mongod download');
  if (!check(env.SMTP_HOST in services, `SMTP_HOST is a compose service (${env.SMTP_HOST})`)) return undefined;
  mapTo('SMTP_HOST', HOST, `no "${env.SMTP_HOST}" container here: a local SMTP catcher`);
  mapTo('SMTP_PORT', String(mailPort), 'the catcher');

  const dataDir = env.DATA_DIR;
  let dataVolume;
  for (const { source, target } of volumeMounts(services.app)) {
    const local = path.join(work, 'volumes', source);
    await mkdir(local, { recursive: true });
    if (target === dataDir) dataVolume = local;
    for (const [name, value] of Object.entries(env)) {
      if (value === target || value.startsWith(`${target}/`)) {
        mapTo(name, local + value.slice(target.length), `volume "${source}" mounted at ${target}`);
      }
    }
  }
  if (!check(dataVolume !== undefined, `DATA_DIR (${dataDir}) is a volume of the app service`)) return undefined;
  const port = await freePort();
  mapTo('PORT', String(port), 'the published port: a free one here');
  mapTo('HOST', HOST, 'loopback, as only this check calls it');
  console.log(`Mapped onto this machine:\n  ${mapped.join('\n  ')}`);
  return { env, dataVolume, base: `http://${HOST}:${port}` };
}

async function main() {
  const compose = spawnSync(COMPOSE, ['version'], { encoding: 'utf8' });
  if (compose.error) stop(`${COMPOSE} not found: apt-get install -y docker-compose`);
  console.log(compose.stdout.split('\n')[0]);

  const work = await mkdtemp(path.join(os.tmpdir(), 'kesh-compose-'));
  const mail = await startMailCatcher();
  let store;
  try {
    const project = path.join(work, 'project');
    await mkdir(project);
    for (const file of ['docker-compose.yml', '.env.example', 'Dockerfile']) {
      await copyFile(path.join(ROOT, file), path.join(project, file));
    }
    const { services } = parseYaml(tryReadmeCommands(await readmeComposeCommands(), project));

    // `KEY:` with no value passes the host's variable, if any: nothing a fresh .env relies on.
    const composeEnv = Object.fromEntries(
      Object.entries(services.app.environment ?? {})
        .filter(([, value]) => value !== null)
        .map(([name, value]) => [name, String(value)]),
    );
    const comments = Object.entries(composeEnv).filter(([, value]) => /(^|\s)#/.test(value));
    check(
      comments.length === 0,
      `no comment resolved into a value${comments.map(([k, v]) => `\n       ${k}=${v}`).join('')}`,
    );

    const machine = await mapOntoThisMachine({
      services,
      env: { ...(await imageEnv()), ...composeEnv },
      work,
      mailPort: mail.port,
    });
    if (!machine) return;

    buildIfMissing();
    // The image has no .env (.dockerignore), so the store starts in a folder without one.
    const appDir = path.join(work, 'app');
    await mkdir(appDir);
    store = startProcess('store', [path.join(ROOT, 'server/dist/main.js')], machine.env, {
      cwd: appDir,
      exactEnv: true,
    });
    const exited = new Promise((resolve) => store.child.once('exit', resolve));
    const ready = await Promise.race([
      waitUntilReady(`${machine.base}/readyz`).then(
        () => true,
        () => false,
      ),
      exited.then(() => false),
    ]);
    if (!check(ready, 'the production build starts with that environment and answers /readyz')) return;
    await tryTheStore(machine.base, machine.env, machine.dataVolume, mail.mails);
  } finally {
    await store?.stop();
    await mail.close();
    await rm(work, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (err) {
  failures.push(err.message);
  console.error(err.message);
}
if (failures.length > 0 || process.exitCode) {
  console.error(`\ncompose check failed: ${failures.length} check(s)`);
  process.exit(1);
}
console.log('\ncompose check passed');
