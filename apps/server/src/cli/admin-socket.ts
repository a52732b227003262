import { rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { UserRepository } from '../modules/users/repository.ts';
import type { Logger } from '../platform/logger.ts';
import { type CreateUserCommand, createUserCommand } from './create-user.ts';

/** Asks the server to write its database dump to a file (a path the server's user may write). */
export interface DumpCommand {
  dumpDatabaseTo: string;
}

export const adminSocketPath = (dataDir: string) => path.join(dataDir, 'run', 'admin.sock');

/**
 * A running server owns the embedded database, so the admin CLI hands it the command through a
 * Unix socket only the server's user can open (file mode 0600), instead of opening the database twice.
 */
export async function startAdminSocket(
  dataDir: string,
  users: UserRepository,
  logger: Logger,
  /** `npm run backup` asks the running server for a consistent dump of its database into this file. */
  dumpDatabase?: (file: string) => Promise<void>,
) {
  const socketPath = adminSocketPath(dataDir);
  await rm(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', async (chunk) => {
      buffer += chunk;
      if (!buffer.includes('\n') || buffer.length > 10_000) return;
      try {
        const command = JSON.parse(buffer) as CreateUserCommand | DumpCommand;
        let message: string;
        if ('dumpDatabaseTo' in command) {
          if (!dumpDatabase) throw new Error('this server cannot dump its database');
          await dumpDatabase(command.dumpDatabaseTo);
          message = command.dumpDatabaseTo;
        } else message = await createUserCommand(users, command);
        socket.end(`${JSON.stringify({ ok: true, message })}\n`);
      } catch (error) {
        socket.end(`${JSON.stringify({ ok: false, message: (error as Error).message })}\n`);
      }
    });
  });
  await new Promise<void>((resolve) =>
    server.listen({ path: socketPath, readableAll: false, writableAll: false }, resolve),
  );
  logger.debug({ socketPath }, 'admin socket listening');
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(socketPath, { force: true });
  };
}

export function sendToAdminSocket(
  dataDir: string,
  command: CreateUserCommand | DumpCommand,
): Promise<{ ok: boolean; message: string } | null> {
  return new Promise((resolve) => {
    const socket = net.connect(adminSocketPath(dataDir));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(command)}\n`));
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('end', () => resolve(JSON.parse(answer) as { ok: boolean; message: string }));
    socket.on('error', () => resolve(null));
  });
}
