/** Spec section 5: the user search filters by first name, case-insensitive. */
export function filterUsersByFirstName<T extends { firstName: string }>(
  users: readonly T[],
  term: string,
): T[] {
  const needle = term.trim().toLocaleLowerCase();
  if (!needle) return [...users];
  return users.filter((user) => user.firstName.toLocaleLowerCase().includes(needle));
}
