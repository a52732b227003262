import { randomBytes } from 'node:crypto';
import {
  B2B_ROLES,
  DRONE_ROLES,
  foundsOrganisation,
  grantableRoles,
  mayAddUser,
  mayChooseUserCompany,
  mayEditUser,
  maySeeUser,
  OPERATIONS_MESSAGES,
  type ProfileUpdateInput,
  type Role,
  roleCan,
  type UserCreateInput,
  type UserPolicyParty,
  userScope,
} from '@ampelos/domain';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { Access } from '../auth/access.ts';
import { mailOneTimeLink } from '../auth/one-time-link.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { AuthContext, SessionNotices } from '../auth/sessions.ts';
import type { MailService } from '../mail/service.ts';
import type {
  DirectoryEntry,
  DirectoryFilter,
  DirectoryScope,
  UserCompanySummary,
  UserRepository,
} from './repository.ts';

/** An invitation link lives longer than a reset link: the invited person may read it days later. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const party = (user: { id: number; role: string; companyId: number | null }): UserPolicyParty => ({
  id: user.id,
  role: user.role as Role,
  companyId: user.companyId,
});

/** Drone roles live in drone operator organisations, b2b roles in customer companies, others in none. */
function companyProblem(role: Role, company: UserCompanySummary | null): string | null {
  if (!company) return null;
  if (DRONE_ROLES.includes(role))
    return company.kind === 'drone_operator' ? null : OPERATIONS_MESSAGES.companyRequired;
  if (B2B_ROLES.includes(role))
    return company.kind === 'customer' ? null : OPERATIONS_MESSAGES.companyRequired;
  return 'This role does not belong to a company';
}

/** The profile fields an edit may change (listed by name in the audit entry, not their values). */
const PROFILE_FIELDS = ['firstName', 'lastName', 'mobile', 'location'] as const;

export interface ListedUser {
  entry: DirectoryEntry;
  editable: boolean;
}

/** The Users and Companies screens: list, find, add (with an invitation) and edit other users. */
export function createUserAdminService(deps: {
  users: UserRepository;
  /** Which users the caller may edit (`user.edit`), checked before the user is read. */
  access: Access;
  mail: MailService;
  publicUrl: string;
  /** Users added and edited by someone else go to the audit log. */
  audit?: AuditRecorder;
  /** An edited user's sessions on every process see the change at once. */
  sessions: SessionNotices;
}) {
  function scopeOf(auth: AuthContext): DirectoryScope {
    const scope = userScope(auth.user.role as Role);
    if (scope === 'none') throw forbidden();
    return scope === 'all'
      ? { kind: 'all' }
      : { kind: 'company', companyId: auth.user.companyId, selfId: auth.user.id };
  }

  const listed = (auth: AuthContext, entries: DirectoryEntry[]): ListedUser[] =>
    entries.map((entry) => ({ entry, editable: mayEditUser(party(auth.user), party(entry.user)) }));

  async function findVisible(auth: AuthContext, id: number | string): Promise<DirectoryEntry> {
    const filter: DirectoryFilter = typeof id === 'number' ? { id } : { uuid: id };
    const [entry] = await deps.users.directory(scopeOf(auth), filter);
    if (!entry) throw notFound(OPERATIONS_MESSAGES.userNotFound);
    return entry;
  }

  /** The company a new or edited user goes to: admins choose; everyone else adds to their own. */
  async function companyFor(auth: AuthContext, role: Role, requested: number | null | undefined) {
    if (!mayChooseUserCompany({ role: auth.user.role as Role })) {
      if (requested !== undefined && requested !== null && requested !== auth.user.companyId)
        throw forbidden();
      if (auth.user.companyId === null) throw badRequest(OPERATIONS_MESSAGES.companyRequired, 'companyId');
      return deps.users.findCompany(auth.user.companyId);
    }
    if (requested === undefined || requested === null) return null;
    const company = await deps.users.findCompany(requested);
    if (!company) throw notFound(OPERATIONS_MESSAGES.companyNotFound);
    const problem = companyProblem(role, company);
    if (problem) throw badRequest(problem, 'companyId');
    return company;
  }

  async function findListed(auth: AuthContext, id: number | string): Promise<ListedUser> {
    const [user] = listed(auth, [await findVisible(auth, id)]);
    if (!user) throw notFound(OPERATIONS_MESSAGES.userNotFound);
    return user;
  }

  return {
    grantable: (auth: AuthContext): Role[] =>
      roleCan(auth.user.role as Role, 'create', 'Users') ? [...grantableRoles(auth.user.role as Role)] : [],

    async list(auth: AuthContext, filter: DirectoryFilter = {}) {
      return listed(auth, await deps.users.directory(scopeOf(auth), filter));
    },

    find: findListed,

    /** Add User: a role the caller may give, an invitation e-mail with a link to choose a password. */
    async create(auth: AuthContext, input: UserCreateInput & { email: string }): Promise<ListedUser> {
      const role = input.role;
      if (!mayAddUser({ role: auth.user.role as Role }, role))
        throw forbidden(OPERATIONS_MESSAGES.roleNotAllowed);
      if (await deps.users.findByEmail(input.email))
        throw new AppError(409, OPERATIONS_MESSAGES.emailTaken, 'email');
      const company = await companyFor(auth, role, input.companyId);
      // An administrator's new drone operator gets its own organisation unless one is chosen.
      const organisation =
        !company && foundsOrganisation(role)
          ? { title: input.organisation ?? `${input.firstName} ${input.lastName}` }
          : undefined;
      const now = new Date();
      let user: DirectoryEntry['user'];
      try {
        user = await deps.users.insertInvited(
          {
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email,
            role,
            companyId: company?.id ?? null,
            mobile: input.mobile ?? null,
            location: input.location ?? null,
            lang: input.lang ?? (auth.user.lang === 'el' ? 'el' : 'en'),
            // Nobody knows this password; the invitation link sets the real one.
            passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
            unsubscribeToken: randomBytes(24).toString('base64url'),
            invitedAt: now,
          },
          organisation,
        );
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError(409, OPERATIONS_MESSAGES.emailTaken, 'email');
        }
        throw error;
      }
      // The invitation is a reset link that lives longer: the invited person chooses a password.
      await mailOneTimeLink(deps, user, {
        kind: 'password_reset',
        template: 'user_invitation',
        ttlMs: INVITATION_TTL_MS,
        now,
      });
      await deps.audit?.record(auth.user, {
        action: 'user.create',
        target: { type: 'user', id: user.uuid, label: `${user.firstName} ${user.lastName}` },
        details: { role, company: company?.title ?? organisation?.title ?? null },
      });
      return findListed(auth, user.id);
    },

    /**
     * `PUT /user/update` for another user: Users:update, the user visible (else 404), its role one the
     * caller could give, a new role the caller could give (never above its own), another company only
     * by an administrator.
     */
    async updateOther(auth: AuthContext, uuid: string, input: ProfileUpdateInput): Promise<ListedUser> {
      await deps.access.require(auth, 'user.edit', [uuid], OPERATIONS_MESSAGES.userNotFound);
      const target = await findVisible(auth, uuid);
      const actor = party(auth.user);
      const role = input.role ?? (target.user.role as Role);
      if (role !== target.user.role && !grantableRoles(actor.role).includes(role)) {
        throw forbidden(OPERATIONS_MESSAGES.roleNotAllowed);
      }
      let companyId = target.user.companyId;
      if (input.companyId !== undefined && input.companyId !== companyId) {
        if (!mayChooseUserCompany({ role: auth.user.role as Role })) throw forbidden();
        companyId = (await companyFor(auth, role, input.companyId))?.id ?? null;
      } else if (role !== target.user.role && companyId !== null) {
        const problem = companyProblem(role, (await deps.users.findCompany(companyId)) ?? null);
        if (problem) throw badRequest(problem, 'role');
      }
      await deps.users.update(target.user.id, {
        firstName: input.firstName,
        lastName: input.lastName,
        role,
        companyId,
        ...(input.mobile !== undefined && { mobile: input.mobile || null }),
        ...(input.location !== undefined && { location: input.location || null }),
      });
      await deps.sessions.userChanged(
        target.user.id,
        role !== target.user.role || companyId !== target.user.companyId,
      );
      await deps.audit?.record(auth.user, {
        action: 'user.update',
        target: { type: 'user', id: target.user.uuid, label: `${input.firstName} ${input.lastName}` },
        details: {
          changed: PROFILE_FIELDS.filter(
            (name) => input[name] !== undefined && (input[name] || null) !== (target.user[name] || null),
          ),
          ...(role !== target.user.role && { role: { from: target.user.role, to: role } }),
          ...(companyId !== target.user.companyId && { companyChanged: true }),
        },
      });
      return findListed(auth, target.user.id);
    },

    maySee: (auth: AuthContext, user: { id: number; role: string; companyId: number | null }) =>
      maySeeUser(party(auth.user), party(user)),
  };
}
export type UserAdminService = ReturnType<typeof createUserAdminService>;
