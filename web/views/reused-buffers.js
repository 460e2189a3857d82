// The arrays a view hands the engine as `out` while a control moves, so a slider step allocates no
// result. One buffer per name, grown when a longer result needs it (to twice the old length, so a
// row that lengthens with p is reallocated a few times, not at every step) and handed out as a view
// of exactly the result's length: the engine takes only that. The same length gets the same view.
// A name holds one live result at a time: two results drawn side by side take two names.

/**
 * @typedef {Float64ArrayConstructor | Float32ArrayConstructor | Int32ArrayConstructor | Uint8ArrayConstructor} BufferType
 * @typedef {<T extends BufferType>(name: string, type: T, length: number) => InstanceType<T> | undefined} BufferFor
 */

/** A store of buffers: bufferFor(name, type, length) returns `length` elements of the one held under `name`. */
export function reusedBuffers() {
  /** @type {Map<string, { backing: any, view: any }>} */
  const held = new Map();
  /** @type {BufferFor} */
  const bufferFor = (name, type, length) => {
    let entry = held.get(name);
    if (entry && entry.view instanceof type && entry.view.length === length) return entry.view;
    if (!(entry?.backing instanceof type) || entry.backing.length < length) {
      const grown = entry?.backing instanceof type ? Math.max(length, 2 * entry.backing.length) : length;
      entry = { backing: new type(grown), view: null };
      held.set(name, entry);
    }
    entry.view = entry.backing.length === length ? entry.backing : entry.backing.subarray(0, length);
    return entry.view;
  };
  return bufferFor;
}

/** For a one-off reading with no store: every buffer left out, so the engine returns fresh arrays. */
/** @type {BufferFor} */
export const freshBuffers = () => undefined;
