/**
 * `Math.round(a)` (but +0 for −0), for loops over pixel values. V8 compiles Math.round with a branch
 * on the fraction, which noisy image data mispredicts about half the time: ~7 ns a call, twice the
 * cost of some whole passes (where the fraction steps regularly, as along a row of coordinates, the
 * branch is predicted and Math.round is as fast). The floor of `a + 0.5` is branchless; where that
 * sum rounds up (a = 0.5 − 2⁻⁵⁴, odd integers above 2⁵²) the test, false for every other a, steps back.
 */
export function round(a: number): number {
  const k = Math.floor(a + 0.5);
  return k - 0.5 > a ? k - 1 : k;
}
