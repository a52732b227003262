import { randomBytes } from 'node:crypto';
import { emailSchema, isRole, newPasswordSchema, type Role } from '@ampelos/domain';
import { hashPassword } from '../modules/auth/passwords.ts';
import type { UserRepository } from '../modules/users/repository.ts';

export interface CreateUserCommand {
  email: string;
  password: string;
  role: string;
  firstName?: string;
  lastName?: string;
}

/** The command's e-mail, password and role checked, with a message naming the option (no database needed). */
export function checkCreateUser(command: CreateUserCommand): { email: string; password: string; role: Role } {
  const email = emailSchema.safeParse(command.email);
  if (!email.success) throw new Error(`--email: ${email.error.issues[0]?.message}`);
  const password = newPasswordSchema.safeParse(command.password);
  if (!password.success) throw new Error(`--password: ${password.error.issues[0]?.message}`);
  if (!isRole(command.role)) throw new Error(`--role: unknown role "${command.role}"`);
  return { email: email.data, password: password.data, role: command.role };
}

/** Creates a verified account of any role (the first administrator, staff, pilots). */
export async function createUserCommand(users: UserRepository, command: CreateUserCommand): Promise<string> {
  const { email, password, role } = checkCreateUser(command);
  if (await users.findByEmail(email)) throw new Error(`A user with e-mail ${email} already exists`);
  const now = new Date();
  const user = await users.insert({
    email,
    passwordHash: await hashPassword(password),
    role,
    firstName: command.firstName ?? 'Admin',
    lastName: command.lastName ?? 'Ampelos',
    emailVerifiedAt: now,
    unsubscribeToken: randomBytes(24).toString('base64url'),
  });
  return `Created ${user.role} ${user.email} (uuid ${user.uuid})`;
}
