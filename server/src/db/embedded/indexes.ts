/**
 * Index definitions and the hash maps that enforce unique indexes.
 * Non-unique indexes are kept as metadata only: every query scans the
 * collection (or uses _id / unique lookups), which is fine at this scale.
 */
import { Query } from 'mingo';
import { CommandError, ErrorCode } from './errors.js';
import { canonicalKey, formatValue, isPlainObject, normalize, pathValues, view, type Doc } from './values.js';

export interface IndexSpec {
  v: number;
  key: Doc;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  partialFilterExpression?: Doc;
  expireAfterSeconds?: number;
  [option: string]: unknown;
}

export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

/** Options mongod echoes back from listIndexes; anything else in the request is dropped. */
const KEPT_OPTIONS = [
  'unique',
  'sparse',
  'partialFilterExpression',
  'expireAfterSeconds',
  'collation',
  'weights',
  'default_language',
  'language_override',
  'textIndexVersion',
  '2dsphereIndexVersion',
  'bits',
  'min',
  'max',
  'hidden',
  'wildcardProjection',
] as const;

export function defaultIndexName(key: Doc): string {
  return Object.entries(key)
    .map(([field, dir]) => `${field}_${String(dir)}`)
    .join('_');
}

/** Validates a createIndexes entry and returns the spec as it will be stored. */
export function normalizeIndexSpec(raw: unknown): IndexSpec {
  if (!isPlainObject(raw)) throw new CommandError(ErrorCode.BadValue, 'index specification must be an object');
  const key = raw.key;
  if (!isPlainObject(key) || Object.keys(key).length === 0) {
    throw new CommandError(ErrorCode.BadValue, "Index specification is missing the 'key' field or it is empty");
  }
  for (const [field, dir] of Object.entries(key)) {
    if (field === '' || (field.startsWith('$') && field !== '$**')) {
      throw new CommandError(ErrorCode.BadValue, `Index key contains an illegal field name: '${field}'`);
    }
    if (typeof dir === 'number' && dir === 0) {
      throw new CommandError(ErrorCode.BadValue, `Values in the index key pattern can't be 0: ${field}`);
    }
  }
  const name = typeof raw.name === 'string' && raw.name !== '' ? raw.name : defaultIndexName(key);
  const spec: IndexSpec = { v: 2, key, name };
  for (const option of KEPT_OPTIONS) {
    if (raw[option] !== undefined && raw[option] !== null) (spec as Doc)[option] = raw[option];
  }
  if (spec.unique === false) delete spec.unique;
  if (spec.sparse === false) delete spec.sparse;
  if (spec.partialFilterExpression !== undefined && !isPlainObject(spec.partialFilterExpression)) {
    throw new CommandError(ErrorCode.BadValue, 'partialFilterExpression must be an object');
  }
  if (spec.expireAfterSeconds !== undefined) {
    const secs = Number(spec.expireAfterSeconds);
    if (!Number.isFinite(secs) || secs < 0) {
      throw new CommandError(ErrorCode.InvalidOptions, 'TTL index expireAfterSeconds must be a non-negative number');
    }
    spec.expireAfterSeconds = secs;
  }
  return spec;
}

/** Two specs describe the same index when key pattern and behaviour-changing options match. */
export function sameIndexOptions(a: IndexSpec, b: IndexSpec): boolean {
  const pick = (s: IndexSpec): string =>
    canonicalKey({
      unique: Boolean(s.unique),
      sparse: Boolean(s.sparse),
      partial: s.partialFilterExpression ?? null,
    });
  return pick(a) === pick(b);
}

export function sameKeyPattern(a: Doc, b: Doc): boolean {
  return canonicalKey(normalize(a)) === canonicalKey(normalize(b));
}

export interface IndexKey {
  /** Hash-map key for this entry. */
  hash: string;
  /** The `keyValue` mongod reports for a duplicate. */
  value: Doc;
}

/** Runtime state of one secondary index; unique ones keep a key -> document map. */
export class IndexRuntime {
  readonly spec: IndexSpec;
  readonly fields: string[];
  /** unique key hash -> canonical _id key of the owning document */
  readonly entries = new Map<string, string>();
  private readonly partial: Query | undefined;

  constructor(spec: IndexSpec) {
    this.spec = spec;
    this.fields = Object.keys(spec.key);
    this.partial = spec.partialFilterExpression
      ? new Query(normalize(spec.partialFilterExpression) as Doc, { scriptEnabled: false })
      : undefined;
  }

  get unique(): boolean {
    return this.spec.unique === true;
  }

  /**
   * Index keys of a document. Arrays produce one key per element (multikey),
   * a missing field indexes as null, and sparse/partial indexes skip documents
   * they do not cover, exactly like mongod decides uniqueness.
   */
  keysFor(doc: Doc): IndexKey[] {
    if (this.partial && !this.partial.test(view(doc))) return [];
    const perField = this.fields.map((f) => pathValues(doc, f));
    if (this.spec.sparse && perField.every((vals) => vals.length === 0)) return [];
    const arrays = perField.filter((vals) => vals.length > 1);
    if (arrays.length > 1) {
      throw new CommandError(
        ErrorCode.CannotIndexParallelArrays,
        `cannot index parallel arrays in index ${this.spec.name}`,
      );
    }
    let combos: unknown[][] = [[]];
    for (const vals of perField) {
      const options = vals.length === 0 ? [null] : vals.map((v) => (v === undefined ? null : v));
      const next: unknown[][] = [];
      for (const combo of combos) for (const v of options) next.push([...combo, v]);
      combos = next;
    }
    const seen = new Set<string>();
    const keys: IndexKey[] = [];
    for (const combo of combos) {
      const hash = combo.map(canonicalKey).join('\u0000');
      if (seen.has(hash)) continue;
      seen.add(hash);
      const value: Doc = {};
      this.fields.forEach((f, i) => {
        value[f] = combo[i];
      });
      keys.push({ hash, value });
    }
    return keys;
  }
}

export function duplicateKeyError(ns: string, spec: IndexSpec, keyValue: Doc, prefix = ''): CommandError {
  const shown = Object.entries(keyValue)
    .map(([k, v]) => `${k}: ${formatValue(v)}`)
    .join(', ');
  const message = `${prefix}E11000 duplicate key error collection: ${ns} index: ${spec.name} dup key: { ${shown} }`;
  return new CommandError(ErrorCode.DuplicateKey, message, { keyPattern: spec.key, keyValue });
}
