/**
 * 8-connected component labelling (two-pass with union-find). Labels start at 1; 0 is background.
 * Provisional labels are numbered in scan order and a label's parent is always smaller, so the
 * final labels (compacted, in order of first appearance) are the same whatever the union order.
 * `candidates` (optional) lists, in scan order, every pixel that may be set (e.g. the domain), so
 * only those are visited; `labels` is then only meaningful at set pixels.
 */
export function labelComponents(mask: Uint8Array, width: number, height: number, candidates?: Int32Array) {
  const labels = new Int32Array(width * height);
  let parent = new Int32Array(1024);
  let next = 1;
  const find = (label: number): number => {
    let root = label;
    while (parent[root] !== root) root = parent[root] as number;
    while (parent[label] !== root) {
      const up = parent[label] as number;
      parent[label] = root;
      label = up;
    }
    return root;
  };
  // Joins a pixel's label with a neighbour's (0: none); returns the label the pixel keeps.
  const join = (label: number, neighbour: number): number => {
    if (!neighbour) return label;
    if (!label) return neighbour;
    if (neighbour !== label) {
      const ra = find(label);
      const rb = find(neighbour);
      if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
    }
    return label;
  };
  const n = candidates ? candidates.length : width * height;
  for (let k = 0; k < n; k++) {
    const i = candidates ? (candidates[k] as number) : k;
    if (!mask[i]) continue;
    const y = Math.floor(i / width);
    const x = i - y * width;
    {
      const above = i - width;
      // Neighbours already visited, in the order west, north-west, north, north-east.
      let label = x > 0 ? (labels[i - 1] as number) : 0;
      if (y > 0) {
        if (x > 0) label = join(label, labels[above - 1] as number);
        label = join(label, labels[above] as number);
        if (x < width - 1) label = join(label, labels[above + 1] as number);
      }
      if (!label) {
        if (next === parent.length) {
          const grown = new Int32Array(parent.length * 2);
          grown.set(parent);
          parent = grown;
        }
        label = next;
        parent[next] = next;
        next++;
      }
      labels[i] = label;
    }
  }
  const compact = new Int32Array(next);
  let count = 0;
  for (let label = 1; label < next; label++) {
    const root = find(label);
    if (!compact[root]) compact[root] = ++count;
    compact[label] = compact[root] as number;
  }
  for (let k = 0; k < n; k++) {
    const i = candidates ? (candidates[k] as number) : k;
    if (labels[i]) labels[i] = compact[labels[i] as number] as number;
  }
  return { labels, count };
}
