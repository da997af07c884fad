/**
 * Grid cells that each need one related record (a deadline's intervention, an equipment's next
 * deadline) ask in the same tick: their keys are gathered and resolved in one request per batch,
 * never one request per row.
 */
export function batchLoader<T>(resolveBatch: (keys: string[]) => Promise<Map<string, T>>): (key: string) => Promise<T | null> {
  const waiting = new Map<string, ((found: T | null) => void)[]>();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    const batch = new Map(waiting);
    waiting.clear();
    resolveBatch([...batch.keys()]).then(
      (found) => { for (const [key, resolvers] of batch) for (const resolve of resolvers) resolve(found.get(key) ?? null); },
      () => { for (const resolvers of batch.values()) for (const resolve of resolvers) resolve(null); },
    );
  };
  return (key) => new Promise((resolve) => {
    waiting.set(key, [...(waiting.get(key) ?? []), resolve]);
    if (!scheduled) {
      scheduled = true;
      setTimeout(flush, 0);
    }
  });
}
