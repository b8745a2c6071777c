/**
 * Collection validators (createCollection `validator`), enforced as mongod does:
 * a document that fails is refused with DocumentValidationFailure (121).
 * The validator may hold query operators (run through the engine's matcher) and
 * `$jsonSchema` (json-schema.ts); a schema keyword it does not check is refused
 * when the collection is created (238), never accepted and ignored.
 */
import { CommandError, ErrorCode } from '../values/errors.js';
import { compileFilter } from './filter.js';
import { compileSchema } from './json-schema.js';
import { isPlainObject, type Doc } from '../values/values.js';

export type Validator = (doc: Doc) => boolean;

const cache = new WeakMap<Doc, Validator | null>();

/**
 * The validator of a collection's options, or undefined when documents are not
 * checked (none, `validationLevel: "off"`, or `validationAction: "warn"`, which
 * mongod only logs).
 */
export function validatorOf(options: Doc): Validator | undefined {
  const cached = cache.get(options);
  if (cached !== undefined) return cached ?? undefined;
  const built = buildValidator(options);
  cache.set(options, built ?? null);
  return built;
}

function buildValidator(options: Doc): Validator | undefined {
  const spec = options.validator;
  if (spec === undefined || spec === null) return undefined;
  if (!isPlainObject(spec)) throw new CommandError(ErrorCode.TypeMismatch, "'validator' must be an object");
  const level = options.validationLevel ?? 'strict';
  const action = options.validationAction ?? 'error';
  if (level !== 'strict' && level !== 'moderate' && level !== 'off') {
    throw new CommandError(ErrorCode.BadValue, `invalid validationLevel: ${String(level)}`);
  }
  if (action !== 'error' && action !== 'warn') {
    throw new CommandError(ErrorCode.BadValue, `invalid validationAction: ${String(action)}`);
  }
  const { $jsonSchema: schema, ...rest } = spec;
  const schemaCheck = schema === undefined ? undefined : compileSchema(schema);
  const matcher = Object.keys(rest).length ? compileFilter(rest) : undefined;
  if (level === 'off' || action === 'warn') return undefined;
  return (doc) => (schemaCheck ? schemaCheck(doc) : true) && (matcher ? matcher.test(doc) : true);
}

/**
 * Refuses `next` when the collection's validator rejects it. With
 * `validationLevel: "moderate"`, an update of a document that already failed
 * validation is let through, as in mongod.
 */
export function enforceValidator(options: Doc, next: Doc, previous?: Doc, bypass = false): void {
  if (bypass) return;
  const valid = validatorOf(options);
  if (!valid || valid(next)) return;
  if (previous && options.validationLevel === 'moderate' && !valid(previous)) return;
  throw new CommandError(ErrorCode.DocumentValidationFailure, 'Document failed validation', {
    errInfo: { failingDocumentId: next._id, details: { operatorName: '$jsonSchema' } },
  });
}
