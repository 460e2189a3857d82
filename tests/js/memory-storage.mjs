// A Storage stand-in for node: what the page keeps in localStorage, in a Map.

/**
 * @param {Record<string, string>} [initial]
 * @param {{ refuse?: (key: string) => boolean }} [options]  refuse: keys whose writes fail as a full storage's do
 */
export function memoryStorage(initial = {}, { refuse = () => false } = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key) => (items.has(key) ? items.get(key) : null),
    setItem: (key, value) => {
      if (refuse(key)) throw new DOMException('the quota has been exceeded', 'QuotaExceededError');
      items.set(key, String(value));
    },
    removeItem: (key) => items.delete(key),
    items,
  };
}
