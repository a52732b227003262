/**
 * Order statistics without sorting: Wirth's selection partitions a typed-array range in place
 * around its k-th smallest value (average O(n), against O(n log n) for a sort). The value found is
 * exactly the one a sort would put at k (NaN must not be in the range), so a median or quartile
 * taken this way is bit-for-bit the sorted one.
 */
type Values = Float32Array | Float64Array;

/**
 * The k-th smallest of `values[from..to)` (k counted from `from`); reorders the range so that
 * every element before position `from + k` is ≤ it and every element after is ≥ it.
 */
export function selectKth(values: Values, from: number, to: number, k: number): number {
  const target = from + k;
  let left = from;
  let right = to - 1;
  while (left < right) {
    const pivot = values[target] as number;
    let i = left;
    let j = right;
    do {
      while ((values[i] as number) < pivot) i++;
      while (pivot < (values[j] as number)) j--;
      if (i <= j) {
        const swap = values[i] as number;
        values[i] = values[j] as number;
        values[j] = swap;
        i++;
        j--;
      }
    } while (i <= j);
    if (j < target) left = i;
    if (target < i) right = j;
  }
  return values[target] as number;
}

/**
 * Median of `values[from..to)` (the mean of the two middle values for an even count), as sorting
 * and reading the middle would give; reorders the range. NaN for an empty range.
 */
export function medianOf(values: Values, from: number, to: number): number {
  const n = to - from;
  if (n <= 0) return Number.NaN;
  const mid = n >> 1;
  const upper = selectKth(values, from, to, mid);
  if (n % 2) return upper;
  // After the selection the lower middle value is the largest of the elements before `mid`.
  let lower = values[from] as number;
  for (let i = from + 1; i < from + mid; i++) if ((values[i] as number) > lower) lower = values[i] as number;
  return (lower + upper) / 2;
}
