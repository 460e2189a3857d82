// Linked into the module with --pre-js (and into the bench's fill module, which must share it).
// Every typed array the module returns is created here (js_values: typed_table, typed_array), and
// every element of it is written before JS can see it, so the zeroing every typed-array
// constructor does is wasted work: 32 MB of memset for an 8192 x 512 float64 table. Node lends
// uninitialised memory (Buffer.allocUnsafeSlow, its own answer to this); browsers have no such
// allocator, so there the array is zeroed as usual.
// Small arrays keep the constructor: below 64 KB the saving is nothing.

/**
 * @param {string} constructorName a typed-array constructor's global name, e.g. 'Float64Array'
 * @param {number} length elements
 */
Module['newArrayToFill'] = function (constructorName, length) {
  var Constructor = globalThis[constructorName];
  var bytes = length * Constructor['BYTES_PER_ELEMENT'];
  var nodeBuffer = globalThis['Buffer'];
  if (bytes < 65536 || !nodeBuffer || typeof nodeBuffer['allocUnsafeSlow'] != 'function') return new Constructor(length);
  return new Constructor(nodeBuffer['allocUnsafeSlow'](bytes)['buffer'], 0, length);
};
