/**
 * Sets an admin's password (creating the admin if the name is new):
 *   npm run admin:password -w server -- <username> <new password>
 * Without arguments it uses ADMIN_USERNAME and ADMIN_PASSWORD from the environment.
 * With the in-process database engine, stop the server first: both would own the same data file.
 */
import { PASSWORD_MIN_LENGTH } from '@kesh/shared';
import { ConfigError, loadConfig } from '../config.js';
import { setAdminPassword } from '../modules/admin/index.js';
import { withAppDatabase } from './app-database.js';
import { runScript } from './run-script.js';

async function run(): Promise<void> {
  const config = loadConfig();
  const [argUser, argPassword] = process.argv.slice(2);
  const username = (argUser ?? config.admin.username).trim();
  const password = argPassword ?? (argUser === undefined ? config.admin.password : undefined);
  if (!username || password === undefined) {
    throw new ConfigError('Usage: npm run admin:password -w server -- <username> <new password>');
  }
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new ConfigError(`The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`);
  }

  await withAppDatabase(config, async () => {
    const created = await setAdminPassword(username, password);
    console.log(
      created ? `Created admin "${username}" with the new password.` : `Changed the password of admin "${username}".`,
    );
  });
}

runScript(run);
