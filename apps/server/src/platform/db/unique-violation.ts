/**
 * A unique index refused the write (PostgreSQL and PGlite: SQLSTATE 23505), whether the driver's
 * error arrives as it is or wrapped by the query builder.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | null)?.cause) === '23505';
}
