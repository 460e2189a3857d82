// The model view's results as CSV, the file "Export CSV" writes: one line per task, scheme, overflow
// policy and position bucket; a bucket with no position scored leaves accuracy and confidence empty.

/** @param {{ task: string, scheme: string, overflow?: string | null, buckets: import('../posenc.js').Evaluation['buckets'] }[]} results */
export function resultsCsv(results) {
  const lines = ['task,scheme,overflow,bucketStart,bucketEnd,count,accuracy,confidence'];
  for (const r of results)
    for (let b = 0; b < r.buckets.start.length; b++)
      lines.push(
        [
          r.task,
          r.scheme,
          r.overflow ?? '',
          r.buckets.start[b],
          r.buckets.end[b],
          r.buckets.count[b],
          r.buckets.count[b] ? r.buckets.accuracy[b] : '',
          r.buckets.count[b] ? r.buckets.confidence[b] : '',
        ].join(','),
      );
  return `${lines.join('\n')}\n`;
}
