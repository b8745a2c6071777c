import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailFile: string;
    adminUsername: string;
    adminPassword: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(url: string, timeoutMs: number, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) {
        const products = (await res.json()) as unknown[];
        if (products.length > 0) return;
      }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become ready at ${url}`);
}

export default async function setup(project: TestProject) {
  const work = await mkdtemp(path.join(tmpdir(), 'kesh-e2e-'));
  const mailFile = path.join(work, 'mails.json');
  const mails: { to: string; subject: string; text: string }[] = [];
  await writeFile(mailFile, '[]');
  // Test files read the file while mails arrive: each write replaces it whole (rename), one at a time.
  let writing = Promise.resolve();
  const saveMails = () => {
    writing = writing.then(async () => {
      const tmp = `${mailFile}.tmp`;
      await writeFile(tmp, JSON.stringify(mails));
      await rename(tmp, mailFile);
    });
    return writing;
  };

  // A real SMTP server so the app's mail goes through nodemailer's SMTP path.
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        mails.push({ to, subject, text: raw });
        void saveMails().then(() => callback());
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const adminUsername = 'admin';
  const adminPassword = 'e2e-admin-pass';
  let baseUrl = process.env.E2E_BASE_URL;
  let server: ChildProcess | undefined;
  if (!baseUrl) {
    const port = await freePort();
    baseUrl = `http://localhost:${port}`;
    server = spawn(process.execPath, [path.join(root, 'server/dist/main.js')], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT: String(port),
        DATA_DIR: path.join(work, 'data'),
        EMBEDDED_ENGINE: 'wire',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtpPort),
        RATE_LIMIT: 'false',
        LOG_LEVEL: 'warn',
        ADMIN_USERNAME: adminUsername,
        ADMIN_PASSWORD: adminPassword,
        PUBLIC_URL: baseUrl,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await waitFor(`${baseUrl}/api/main-category`, 60_000, server);
  }

  project.provide('baseUrl', baseUrl);
  project.provide('mailFile', mailFile);
  project.provide('adminUsername', adminUsername);
  project.provide('adminPassword', adminPassword);

  return async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await rm(work, { recursive: true, force: true });
  };
}
