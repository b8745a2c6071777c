/** Sort specifications and sorting in mongod's order. */
import { CommandError, ErrorCode } from '../values/errors.js';
import {
  compareValues,
  isNumeric,
  isPlainObject,
  pathValues,
  toNumber,
  type Doc,
  type StringCompare,
} from '../values/values.js';

export type SortSpec = Array<[field: string, direction: 1 | -1]>;

export function parseSort(sort: unknown): SortSpec | undefined {
  if (sort === undefined || sort === null) return undefined;
  if (!isPlainObject(sort)) throw new CommandError(ErrorCode.BadValue, 'sort must be an object');
  const spec: SortSpec = [];
  for (const [field, dir] of Object.entries(sort)) {
    if (isPlainObject(dir)) {
      throw new CommandError(
        ErrorCode.NotImplemented,
        `$meta sort by ${JSON.stringify(dir)} is not supported by the embedded engine`,
      );
    }
    if (!isNumeric(dir)) {
      throw new CommandError(ErrorCode.Location15974, `Illegal key in $sort specification: ${field}: ${String(dir)}`);
    }
    const n = toNumber(dir);
    if (n !== 1 && n !== -1) {
      throw new CommandError(
        ErrorCode.Location15975,
        `$sort key ordering must be 1 (for ascending) or -1 (for descending)`,
      );
    }
    spec.push([field, n]);
  }
  return spec.length ? spec : undefined;
}

/**
 * Sorts like mongod: missing sorts as null, and an array field sorts by its
 * smallest element ascending / largest element descending. Keys are computed
 * once per document rather than inside the comparator.
 */
export function sortDocs(docs: Doc[], spec: SortSpec, strCmp?: StringCompare): Doc[] {
  if (spec.length === 1 && spec[0]?.[0] === '$natural') {
    return spec[0][1] === 1 ? docs : docs.slice().reverse();
  }
  const keyed = docs.map((doc) => ({
    doc,
    keys: spec.map(([field, dir]) => {
      if (field === '$natural') return null;
      const values = pathValues(doc, field);
      if (values.length === 0) return null;
      let best = values[0];
      for (let i = 1; i < values.length; i++) {
        const c = compareValues(values[i], best, strCmp);
        if (dir === 1 ? c < 0 : c > 0) best = values[i];
      }
      return best ?? null;
    }),
  }));
  keyed.sort((a, b) => {
    for (let i = 0; i < spec.length; i++) {
      const c = compareValues(a.keys[i], b.keys[i], strCmp);
      if (c !== 0) return c * (spec[i]?.[1] ?? 1);
    }
    return 0;
  });
  return keyed.map((k) => k.doc);
}
