import type { Doc } from './doc.js';

/**
 * Server error codes as mongod reports them. Drivers and mongoose branch on the
 * numeric code (e.g. 11000, 48), so these must match the real server exactly.
 */
export const ErrorCode = {
  InternalError: 1,
  BadValue: 2,
  Unauthorized: 13,
  FailedToParse: 9,
  FileStreamFailed: 39,
  TypeMismatch: 14,
  IllegalOperation: 20,
  PathNotViable: 28,
  InvalidBSON: 22,
  ConflictingUpdateOperators: 40,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  CursorNotFound: 43,
  NamespaceExists: 48,
  DollarPrefixedFieldName: 52,
  InvalidIdField: 53,
  CommandNotFound: 59,
  ImmutableField: 66,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  CannotIndexParallelArrays: 171,
  CommandNotSupported: 115,
  NotImplemented: 238,
  DocumentValidationFailure: 121,
  InvalidPipelineOperator: 168,
  Location15955: 15955,
  Location15958: 15958,
  Location15976: 15976,
  Location17276: 17276,
  Location40156: 40156,
  Location31253: 31253,
  Location31254: 31254,
  Location40414: 40414,
  Location51108: 51108,
  Location40324: 40324,
  Location28747: 28747,
  Location28749: 28749,
  Location15974: 15974,
  Location15975: 15975,
  Location51091: 51091,
  Location40573: 40573,
  Location40415: 40415,
  DuplicateKey: 11000,
  OutOfDiskSpace: 14031,
} as const;

const codeNames = new Map<number, string>(
  Object.entries(ErrorCode).map(([name, code]) => [code, name] as [number, string]),
);

/** An error that becomes a `{ ok: 0, errmsg, code, codeName }` reply. */
export class CommandError extends Error {
  readonly code: number;
  readonly codeName: string;
  /** Extra fields copied into the reply, e.g. keyPattern/keyValue for duplicate keys. */
  readonly extra: Doc;

  constructor(code: number, message: string, extra: Doc = {}) {
    super(message);
    this.name = 'CommandError';
    this.code = code;
    this.codeName = codeNames.get(code) ?? 'UnknownError';
    this.extra = extra;
  }
}

/**
 * Converts anything thrown while running a command into a mongod-style error.
 * mingo reports problems with plain Error subclasses; we map the messages we
 * can recognise onto the codes mongod would use and call the rest BadValue,
 * because they are almost always caused by the request, not the engine.
 */
export function toCommandError(err: unknown): CommandError {
  if (err instanceof CommandError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/would modify the immutable field '_id'/.test(message)) {
    return new CommandError(ErrorCode.ImmutableField, message.replace(/\.$/, ''));
  }
  if (/positional operator found no match/.test(message)) {
    return new CommandError(
      ErrorCode.BadValue,
      'The positional operator did not find the match needed from the query.',
    );
  }
  const undefinedVariable = /^Use of undefined variable: (\S+)/.exec(message);
  if (undefinedVariable) {
    return new CommandError(ErrorCode.Location17276, `Use of undefined variable: ${undefinedVariable[1]}`);
  }
  const unknownOp = /^unknown (?:query|top level) operator[:]? (\$\w+)/i.exec(message);
  if (unknownOp) {
    const top = /top level/.test(message) ? 'top level ' : '';
    return new CommandError(ErrorCode.BadValue, `unknown ${top}operator: ${unknownOp[1]}`);
  }
  const unknownStage = /(?:unregistered|unknown) pipeline operator[:]? '?(\$\w+)'?/i.exec(message);
  if (unknownStage) {
    return new CommandError(
      ErrorCode.Location40324,
      `Unrecognized pipeline stage name: '${unknownStage[1]}' (not supported by the embedded engine)`,
    );
  }
  const badRegex = /^Invalid regular expression: (.*)$/.exec(message);
  if (err instanceof SyntaxError && badRegex) {
    return new CommandError(ErrorCode.Location51091, `Regular expression is invalid: ${badRegex[1]}`);
  }
  if (err instanceof Error && err.constructor.name === 'MingoError') {
    return new CommandError(ErrorCode.BadValue, message);
  }
  if (err instanceof Error && (err.name === 'BSONError' || err.name === 'BSONVersionError')) {
    return new CommandError(ErrorCode.InvalidBSON, message);
  }
  return new CommandError(ErrorCode.InternalError, message);
}

export function errorReply(err: unknown): Doc {
  const e = toCommandError(err);
  return { ok: 0, errmsg: e.message, code: e.code, codeName: e.codeName, ...e.extra };
}
