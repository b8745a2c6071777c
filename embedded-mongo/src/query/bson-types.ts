/**
 * BSON type names and numbers as mongod spells them in `$type`, `$jsonSchema` `bsonType` and its
 * error messages.
 */
import { isInt32 } from '../values/numeric.js';
import { CommandError, ErrorCode } from '../values/errors.js';
import { bsonTypeOf, isNumeric, isPlainObject, toNumber, type Doc } from '../values/values.js';

export function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  const t = bsonTypeOf(v);
  if (t) return t.toLowerCase();
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'double';
  if (typeof v === 'boolean') return 'bool';
  return typeof v;
}

export function asDoc(v: unknown, what: string): Doc {
  if (v === undefined || v === null) return {};
  if (!isPlainObject(v)) {
    throw new CommandError(
      ErrorCode.TypeMismatch,
      `BSON field '${what}' is the wrong type '${typeName(v)}', expected type 'object'`,
    );
  }
  return v;
}

/** `$type` aliases and numbers (manual: $type), plus "number" for the four numeric types. */
const TYPE_ALIASES: Record<string, number> = {
  double: 1,
  string: 2,
  object: 3,
  array: 4,
  binData: 5,
  undefined: 6,
  objectId: 7,
  bool: 8,
  date: 9,
  null: 10,
  regex: 11,
  dbPointer: 12,
  javascript: 13,
  symbol: 14,
  int: 16,
  timestamp: 17,
  long: 18,
  decimal: 19,
  minKey: -1,
  maxKey: 127,
};
const NUMBER_TYPES = [1, 16, 18, 19];

/** The BSON type number of a stored value (an integral JS number within int32 is an int). */
export function bsonTypeNumber(v: unknown): number {
  if (v === null) return 10;
  if (v === undefined) return 6;
  if (Array.isArray(v)) return 4;
  if (v instanceof Date) return 9;
  if (v instanceof RegExp) return 11;
  switch (typeof v) {
    case 'number':
      return isInt32(v) ? 16 : 1;
    case 'string':
      return 2;
    case 'boolean':
      return 8;
    default:
      break;
  }
  const t = bsonTypeOf(v);
  const byTag: Record<string, number> = {
    Double: 1,
    Int32: 16,
    Long: 18,
    Decimal128: 19,
    ObjectId: 7,
    Binary: 5,
    Timestamp: 17,
    BSONRegExp: 11,
    BSONSymbol: 14,
    Code: 13,
    MinKey: -1,
    MaxKey: 127,
  };
  if (t !== undefined && byTag[t] !== undefined) return byTag[t];
  if (v instanceof Uint8Array) return 5;
  return 3;
}

export function parseTypes(spec: unknown): Set<number> {
  const list = Array.isArray(spec) ? spec : [spec];
  const out = new Set<number>();
  for (const item of list) {
    if (item === 'number') {
      for (const n of NUMBER_TYPES) out.add(n);
    } else if (typeof item === 'string') {
      const n = TYPE_ALIASES[item];
      if (n === undefined) throw new CommandError(ErrorCode.BadValue, `Unknown type name alias: ${item}`);
      out.add(n);
    } else if (isNumeric(item) && Number.isInteger(toNumber(item))) {
      out.add(toNumber(item));
    } else {
      throw new CommandError(ErrorCode.TypeMismatch, 'type must be represented as a number or a string');
    }
  }
  return out;
}
