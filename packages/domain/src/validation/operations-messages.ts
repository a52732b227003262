/** Messages of the users and companies calls (spec section 8 where it gives them). */
export const OPERATIONS_MESSAGES = {
  userUpdated: 'User successfully updated',
  userCreated: 'User successfully added. An invitation e-mail has been sent.',
  userNotFound: 'User not found',
  roleNotAllowed: 'You cannot give this role',
  ownRoleChange: 'You cannot change your own role',
  emailTaken: 'An account with this e-mail already exists',
  companyCreated: 'Company successfully created',
  companyNotFound: 'Company not found',
  companyRequired: 'Choose the company of this user',
  reportUpdated: 'Report successfully updated.',
  reportNotFound: 'Report not found',
  reportStatusFollowsOrder: "This status follows the order; change the order's status instead",
  reportNeedsShoot: 'An End to End report becomes Processing Pending when its Photo Shoot is scheduled',
  reportHasNoShoot: 'Bring Your Own Images reports have no Photo Shoot',
  reportShootNotComplete: 'The Photo Shoot of this report is not complete yet',
  illegalReportTransition: 'A report cannot move from {{from}} to {{to}}',
} as const;
