/**
 * 8-connected component labelling (two-pass with union-find). Labels start at 1; 0 is background.
 */
export function labelComponents(mask: Uint8Array, width: number, height: number) {
  const labels = new Int32Array(width * height);
  const parent: number[] = [0];
  const find = (label: number): number => {
    let root = label;
    while (parent[root] !== root) root = parent[root] as number;
    while (parent[label] !== root) {
      const next = parent[label] as number;
      parent[label] = root;
      label = next;
    }
    return root;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!mask[i]) continue;
      let label = 0;
      const neighbours = [
        x > 0 ? labels[i - 1] : 0,
        y > 0 && x > 0 ? labels[i - width - 1] : 0,
        y > 0 ? labels[i - width] : 0,
        y > 0 && x < width - 1 ? labels[i - width + 1] : 0,
      ];
      for (const neighbour of neighbours) {
        if (!neighbour) continue;
        if (!label) label = neighbour;
        else if (neighbour !== label) union(label, neighbour);
      }
      if (!label) {
        label = parent.length;
        parent.push(label);
      }
      labels[i] = label;
    }
  }
  const compact = new Int32Array(parent.length);
  let count = 0;
  for (let label = 1; label < parent.length; label++) {
    const root = find(label);
    if (!compact[root]) compact[root] = ++count;
    compact[label] = compact[root] as number;
  }
  for (let i = 0; i < labels.length; i++) if (labels[i]) labels[i] = compact[labels[i] as number] as number;
  return { labels, count };
}
