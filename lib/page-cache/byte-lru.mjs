// A map bounded in bytes, least recently used out first: the memory behind the page cache
// (handler.mjs) and the compressed answers (lib/http/compressed-answers.mjs). Plain JavaScript:
// both are loaded by Node.js outside the app's bundles.

/** `maxEntryBytes`: a value larger than this is not kept at all (it would evict too much). */
export function createByteLru(maxBytes, maxEntryBytes = maxBytes) {
  const entries = new Map();
  let bytes = 0;

  function remove(key) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, size) {
      remove(key);
      if (size > maxEntryBytes) return;
      entries.set(key, { value, bytes: size });
      bytes += size;
      for (const [oldest, entry] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= entry.bytes;
      }
    },
    delete: remove,
    get size() {
      return { entries: entries.size, bytes };
    },
  };
}
