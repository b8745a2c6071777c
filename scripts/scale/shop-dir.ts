import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  GENERATOR_VERSION,
  SAMPLES_FILE,
  SCALE_ADMIN,
  SCALE_DB_NAME,
  SHOPPER_PASSWORD,
  buildShop,
  shopParameters,
  type BuiltShop,
  type ShopSize,
} from '../../server/src/scale/build-shop.js';

export const READY_FILE = 'READY';

/**
 * Builds the shop in `dataDir` (empty or new), then writes its README and samples beside the data,
 * and last an empty READY file, so that whoever waits for the folder knows it is complete.
 */
export async function buildShopDirectory(dataDir: string, size: ShopSize, log: (line: string) => void) {
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) throw new Error(`${dataDir} is not empty`);
  await mkdir(dataDir, { recursive: true });
  const built = await buildShop(dataDir, size, log);
  await writeFile(path.join(dataDir, 'README.md'), shopReadme(built, shopParameters(size)));
  await writeFile(path.join(dataDir, SAMPLES_FILE), JSON.stringify(built.samples, null, 2));
  await writeFile(path.join(dataDir, READY_FILE), '');
  return built;
}

/** The README left in a generated data directory: how it was made, the logins, how to start a server on a copy. */
function shopReadme(built: BuiltShop, params: ReturnType<typeof shopParameters>): string {
  const counts = Object.entries(built.counts)
    .map(([name, n]) => `| ${name} | ${n.toLocaleString('en-US')} |`)
    .join('\n');
  return `# A generated shop: ${params.orders.toLocaleString('en-US')} orders

Made by \`npm run scale:shop -- --out ${built.dataDir} --orders ${params.orders} --users ${params.users} --products ${params.products} --seed ${params.seed} --days ${params.days} --end ${built.end.toISOString()}\`
(generator version ${GENERATOR_VERSION}, ${built.seconds.toFixed(0)} s). The same parameters give the same
documents (seeded random numbers; only the stored image file names differ). See docs/scale-benchmark.md.

History: ${params.days} days ending ${built.end.toISOString()}; ${params.customers.toLocaleString('en-US')} of the
${params.users.toLocaleString('en-US')} accounts placed orders.

| collection | documents |
|---|---|
${counts}

## Logins
- admin panel: username \`${SCALE_ADMIN.username}\`, password \`${SCALE_ADMIN.password}\`
- every generated account (e-mails like \`aarav.patel.0@gmail.com\`, see the users collection): password \`${SHOPPER_PASSWORD}\`

## Start a server on it — always on a COPY (the server writes into its data directory)
\`\`\`sh
cp -a ${built.dataDir} /tmp/my-shop
cd <worktree> && npm run build          # once
DATA_DIR=/tmp/my-shop EMBEDDED_ENGINE=wire DB_NAME=${SCALE_DB_NAME} PORT=3100 NODE_ENV=development \\
  ADMIN_PASSWORD=${SCALE_ADMIN.password} RATE_LIMIT=false node server/dist/main.js
\`\`\`
- \`EMBEDDED_ENGINE=wire\`: the in-process engine this folder was written by (\`auto\` would take a mongod if one is installed).
- \`DB_NAME=${SCALE_DB_NAME}\` is the default; \`SEED_ON_EMPTY\` does nothing here (the shop is not empty).
- \`ADMIN_PASSWORD\` only matters for an admin that does not exist yet; the admin above is already there.
- \`RATE_LIMIT=false\` lets a benchmark log in and call as often as it likes.
- \`NODE_ENV=production\` also works with the admin above, but needs \`JWT_SECRET\` and Razorpay keys.
`;
}
