import path from 'node:path';
import { parseArgs } from 'node:util';
import { createUserRepository } from '../modules/users/repository.ts';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/database.ts';
import { acquireEmbeddedLock } from '../platform/db/embedded-lock.ts';
import { sendToAdminSocket } from './admin-socket.ts';
import { checkCreateUser, createUserCommand } from './create-user.ts';

const USAGE =
  "Usage: npm run admin:create -- --email admin@example.com --password 'S3cure-pass' [--role admin] [--first-name A --last-name B]";

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
  });
  if (!values.email || !values.password) throw new Error(`--email and --password are required.\n${USAGE}`);
  const command = {
    email: values.email,
    password: values.password,
    role: values.role ?? 'admin',
    firstName: values['first-name'],
    lastName: values['last-name'],
  };
  // A refused option is said at once, before the database is opened (and its lock taken).
  checkCreateUser(command);
  const config = loadConfig();

  if (!config.databaseUrl) {
    // A running server owns the embedded database: ask it.
    const answer = await sendToAdminSocket(config.dataDir, command);
    if (answer) {
      if (!answer.ok) throw new Error(answer.message);
      return answer.message;
    }
  }
  const release = config.databaseUrl
    ? async () => {}
    : await acquireEmbeddedLock(config.dataDir, 'admin:create');
  try {
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
    });
    try {
      return await createUserCommand(createUserRepository(database.db), command);
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
}

main().then(
  (message) => {
    console.log(message);
  },
  (error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  },
);
