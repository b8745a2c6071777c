/**
 * `$jsonSchema` (in a filter or a collection validator) with the keywords below; any other schema
 * keyword mongod knows is refused (238), never accepted and ignored.
 */
import { CommandError, ErrorCode } from '../values/errors.js';
import { bsonTypeNumber, parseTypes } from './bson-types.js';
import { compareValues, isNumeric, isPlainObject, type Doc } from '../values/values.js';

type Check = (value: unknown) => boolean;

const IGNORED = new Set(['title', 'description']);
const KNOWN_ELSEWHERE = new Set([
  'additionalItems',
  'dependencies',
  'multipleOf',
  'patternProperties',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'encrypt',
  'encryptMetadata',
]);

function refused(keyword: string): CommandError {
  return new CommandError(
    ErrorCode.NotImplemented,
    `$jsonSchema keyword '${keyword}' is not supported by the embedded engine`,
  );
}

function schemaError(message: string): CommandError {
  return new CommandError(ErrorCode.FailedToParse, `$jsonSchema: ${message}`);
}

const JSON_TYPES: Record<string, Check> = {
  object: (v) => isPlainObject(v),
  array: Array.isArray,
  number: isNumeric,
  boolean: (v) => typeof v === 'boolean',
  string: (v) => typeof v === 'string',
  null: (v) => v === null,
};

function numberOf(schema: Doc, key: string): number {
  const v = schema[key];
  if (!isNumeric(v)) throw schemaError(`'${key}' must be a number`);
  return Number(v);
}

/** Compiles a `$jsonSchema` document into a predicate (throws for what it cannot check). */
export function compileSchema(schema: unknown): Check {
  if (!isPlainObject(schema)) throw schemaError('the schema must be an object');
  const checks: Check[] = [];
  for (const [key, arg] of Object.entries(schema)) {
    if (IGNORED.has(key)) continue;
    switch (key) {
      case 'bsonType': {
        const types = parseTypes(arg);
        checks.push((v) => types.has(bsonTypeNumber(v)));
        break;
      }
      case 'type': {
        const names = Array.isArray(arg) ? arg : [arg];
        const tests = names.map((n) => {
          const t = typeof n === 'string' ? JSON_TYPES[n] : undefined;
          if (!t) throw schemaError(`unknown type name '${String(n)}'`);
          return t;
        });
        checks.push((v) => tests.some((t) => t(v)));
        break;
      }
      case 'required': {
        if (!Array.isArray(arg) || !arg.every((f) => typeof f === 'string'))
          throw schemaError("'required' must be an array of strings");
        checks.push((v) => !isPlainObject(v) || arg.every((f: string) => Object.hasOwn(v, f)));
        break;
      }
      case 'properties': {
        if (!isPlainObject(arg)) throw schemaError("'properties' must be an object");
        const props = Object.entries(arg).map(([f, s]) => [f, compileSchema(s)] as const);
        checks.push((v) => !isPlainObject(v) || props.every(([f, c]) => !Object.hasOwn(v, f) || c(v[f])));
        break;
      }
      case 'additionalProperties': {
        const declared = new Set(isPlainObject(schema.properties) ? Object.keys(schema.properties) : []);
        const extra: Check = arg === false ? () => false : arg === true ? () => true : compileSchema(arg);
        checks.push((v) => !isPlainObject(v) || Object.keys(v).every((f) => declared.has(f) || extra(v[f])));
        break;
      }
      case 'enum': {
        if (!Array.isArray(arg) || arg.length === 0) throw schemaError("'enum' must be a non-empty array");
        checks.push((v) => arg.some((x) => compareValues(x, v) === 0));
        break;
      }
      case 'minimum':
      case 'maximum': {
        const bound = schema[key];
        const exclusive = schema[key === 'minimum' ? 'exclusiveMinimum' : 'exclusiveMaximum'] === true;
        numberOf(schema, key);
        const sign = key === 'minimum' ? 1 : -1;
        checks.push((v) => {
          if (!isNumeric(v)) return true;
          const c = Math.sign(compareValues(v, bound)) * sign;
          return exclusive ? c > 0 : c >= 0;
        });
        break;
      }
      case 'exclusiveMinimum':
      case 'exclusiveMaximum':
        if (typeof arg !== 'boolean') throw schemaError(`'${key}' must be a boolean`);
        break;
      case 'minLength':
      case 'maxLength':
      case 'minItems':
      case 'maxItems': {
        const n = numberOf(schema, key);
        const isMin = key.startsWith('min');
        const applies: Check = key.endsWith('Length') ? (v) => typeof v === 'string' : Array.isArray;
        const size = (v: unknown): number => (typeof v === 'string' ? [...v].length : (v as unknown[]).length);
        checks.push((v) => !applies(v) || (isMin ? size(v) >= n : size(v) <= n));
        break;
      }
      case 'pattern': {
        if (typeof arg !== 'string') throw schemaError("'pattern' must be a string");
        const re = new RegExp(arg, 'u');
        checks.push((v) => typeof v !== 'string' || re.test(v));
        break;
      }
      case 'items': {
        if (Array.isArray(arg)) {
          const each = arg.map(compileSchema);
          checks.push((v) => !Array.isArray(v) || each.every((c, i) => i >= v.length || c(v[i])));
        } else {
          const each = compileSchema(arg);
          checks.push((v) => !Array.isArray(v) || v.every(each));
        }
        break;
      }
      case 'allOf':
      case 'anyOf':
      case 'oneOf': {
        if (!Array.isArray(arg) || arg.length === 0) throw schemaError(`'${key}' must be a non-empty array`);
        const subs = arg.map(compileSchema);
        if (key === 'allOf') checks.push((v) => subs.every((c) => c(v)));
        else if (key === 'anyOf') checks.push((v) => subs.some((c) => c(v)));
        else checks.push((v) => subs.filter((c) => c(v)).length === 1);
        break;
      }
      case 'not': {
        const sub = compileSchema(arg);
        checks.push((v) => !sub(v));
        break;
      }
      default:
        if (KNOWN_ELSEWHERE.has(key)) throw refused(key);
        throw new CommandError(ErrorCode.FailedToParse, `Unknown $jsonSchema keyword: ${key}`);
    }
  }
  return (v) => checks.every((c) => c(v));
}
