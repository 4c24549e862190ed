// Which elements moved: of the elements both sides have, those outside a longest run that keeps
// its relative order. Inserting or removing a row moves nothing; taking one row elsewhere moves
// that row only. O(n log n) (patience sorting).

/**
 * `oldIndices[k]` is the OLD position of the k-th common element in NEW's order; returns the set
 * of k whose element moved.
 */
export function movedPositions(oldIndices: readonly number[]): Set<number> {
  const n = oldIndices.length;
  // tails[l] = the position k ending the best increasing run of length l + 1 found so far.
  const tails: number[] = [];
  const previous = new Int32Array(n).fill(-1);
  for (let k = 0; k < n; k++) {
    const value = oldIndices[k] as number;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((oldIndices[tails[middle] as number] as number) < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[k] = tails[low - 1] as number;
    tails[low] = k;
  }
  const kept = new Uint8Array(n);
  for (let k = tails.length === 0 ? -1 : (tails[tails.length - 1] as number); k >= 0; k = previous[k] as number) kept[k] = 1;
  const moved = new Set<number>();
  for (let k = 0; k < n; k++) if (kept[k] === 0) moved.add(k);
  return moved;
}
