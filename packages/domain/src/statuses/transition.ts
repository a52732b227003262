/** A transition table: for each status, the statuses it may move to. */
export type TransitionTable<S extends string> = Readonly<Record<S, readonly S[]>>;

/** Whether `table` allows `from` → `to`. Unknown statuses (either side) are never allowed. */
export function canTransition<S extends string>(
  table: TransitionTable<S>,
  from: string,
  to: string,
): boolean {
  if (!Object.hasOwn(table, from)) return false;
  return (table[from as S] as readonly string[]).includes(to);
}
