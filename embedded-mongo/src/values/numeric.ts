/**
 * Exact arithmetic and comparison over MongoDB's four numeric types, as mongod
 * does them: int32 and double arrive as JS numbers (an integer within int32's
 * range counts as int), int64 as bson `Long`, decimal as bson `Decimal128`.
 *
 * Int64 goes through BigInt, so values beyond 2^53 stay exact; Decimal128 goes
 * through decimal.js (34 significant digits, round half even: IEEE 754-2008
 * decimal128), never through doubles, so 0.1 + 0.2 is 0.3. Comparisons across
 * types are exact too: Decimal128("0.1") is not the double 0.1 (whose exact
 * value is 0.1000000000000000055…), as in mongod.
 */
import { Decimal128, Long } from 'bson';
import { Decimal as DecimalJs } from 'decimal.js';
import { CommandError } from './errors.js';

/** decimal128's own context: 34 digits, ties to even, its exponent range. */
const D = DecimalJs.clone({ precision: 34, rounding: DecimalJs.ROUND_HALF_EVEN, minE: -6176, maxE: 6144 });
type Dec = InstanceType<typeof D>;

export type NumKind = 'int' | 'long' | 'double' | 'decimal';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function tag(v: unknown): string | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const t = (v as { _bsontype?: unknown })._bsontype;
  return typeof t === 'string' ? t : undefined;
}

export function isInt32(n: number): boolean {
  return Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX && !Object.is(n, -0);
}

/** The BSON numeric type of a value, or undefined for non-numbers. */
export function numKind(v: unknown): NumKind | undefined {
  if (typeof v === 'number') return isInt32(v) ? 'int' : 'double';
  switch (tag(v)) {
    case 'Long':
      return 'long';
    case 'Decimal128':
      return 'decimal';
    case 'Int32':
      return 'int';
    case 'Double':
      return 'double';
    default:
      return undefined;
  }
}

/** A Long that a double cannot hold exactly, or any Decimal128: mingo must not see these as numbers. */
export function isExoticNumber(v: unknown): boolean {
  const t = tag(v);
  if (t === 'Decimal128') return true;
  if (t !== 'Long') return false;
  const n = (v as Long).toNumber();
  return !Number.isSafeInteger(n);
}

/** The exact decimal expansion of a finite double (every double is a finite binary fraction). */
export function exactDoubleString(n: number): string {
  if (Number.isInteger(n)) return Object.is(n, -0) ? '0' : BigInt(n).toString();
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, n);
  const bits = view.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const exponent = (biased === 0 ? 1 : biased) - 1075; // value = mantissa * 2^exponent, exponent < 0 here
  const digits = (mantissa * 5n ** BigInt(-exponent)).toString().padStart(-exponent + 1, '0');
  const cut = digits.length + exponent;
  let end = digits.length;
  while (end > cut && digits[end - 1] === '0') end--;
  const text = end > cut ? `${digits.slice(0, cut)}.${digits.slice(cut, end)}` : digits.slice(0, cut);
  return negative ? `-${text}` : text;
}

function decimalOf(v: unknown): Dec {
  if (typeof v === 'number') return Number.isFinite(v) ? new D(exactDoubleString(v)) : new D(v);
  switch (tag(v)) {
    case 'Long':
      return new D((v as Long).toString());
    case 'Decimal128':
      return new D((v as Decimal128).toString().replace(/^([+-]?)Inf$/i, '$1Infinity'));
    case 'Int32':
    case 'Double':
      return decimalOf((v as { value: number }).value);
    default:
      return new D(Number.NaN);
  }
}

function plainNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  const t = tag(v);
  if (t === 'Int32' || t === 'Double') return (v as { value: number }).value;
  return Number.NaN;
}

function cmp<T extends number | bigint>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Compares a BigInt with a double exactly. */
function compareBigDouble(a: bigint, d: number): number {
  if (Number.isNaN(d)) return 1;
  if (d === Infinity) return -1;
  if (d === -Infinity) return 1;
  const floor = Math.floor(d);
  const c = cmp(a, BigInt(floor));
  if (c !== 0 || floor === d) return c;
  return -1; // a == floor(d) < d
}

/** mongod's numeric order: exact across int, long, double and decimal; NaN below every number. */
export function compareNumeric(a: unknown, b: unknown): number {
  const ka = numKind(a);
  const kb = numKind(b);
  if (ka !== 'long' && ka !== 'decimal' && kb !== 'long' && kb !== 'decimal') {
    const x = plainNumber(a);
    const y = plainNumber(b);
    if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
    if (Number.isNaN(y)) return 1;
    return cmp(x, y);
  }
  if (ka === 'long' && kb === 'long') return cmp((a as Long).toBigInt(), (b as Long).toBigInt());
  if (ka === 'long' && kb !== 'decimal') return compareBigDouble((a as Long).toBigInt(), plainNumber(b));
  if (kb === 'long' && ka !== 'decimal') return -compareBigDouble((b as Long).toBigInt(), plainNumber(a));
  const x = decimalOf(a);
  const y = decimalOf(b);
  if (x.isNaN()) return y.isNaN() ? 0 : -1;
  if (y.isNaN()) return 1;
  return x.cmp(y);
}

/** A string equal for two numbers exactly when mongod finds them equal (index keys, grouping). */
export function numericKey(v: unknown): string {
  const k = numKind(v);
  if (k === 'int' || k === 'double') {
    const n = plainNumber(v);
    if (Number.isSafeInteger(n)) return Object.is(n, -0) ? '0' : String(n);
    return Number.isFinite(n) ? exactDoubleString(n) : String(n);
  }
  if (k === 'long') return (v as Long).toString();
  const d = decimalOf(v);
  return d.isFinite() ? (d.isZero() ? '0' : d.toFixed()) : d.toString();
}

// ---------------------------------------------------------------------------
// Arithmetic with mongod's result types: decimal if any operand is decimal,
// else double if any is double, else long if any is long (overflow → double),
// else int (overflow → long).

function resultKind(values: unknown[]): NumKind {
  let kind: NumKind = 'int';
  for (const v of values) {
    const k = numKind(v);
    if (k === 'decimal') return 'decimal';
    if (k === 'double') kind = 'double';
    else if (k === 'long' && kind === 'int') kind = 'long';
  }
  return kind;
}

function bigOf(v: unknown): bigint {
  if (tag(v) === 'Long') return (v as Long).toBigInt();
  return BigInt(plainNumber(v));
}

function toDecimal128(d: Dec): Decimal128 {
  if (d.isNaN()) return Decimal128.fromString('NaN');
  if (!d.isFinite()) return Decimal128.fromString(d.isNegative() ? '-Infinity' : 'Infinity');
  return Decimal128.fromString(d.toString());
}

/**
 * The decimal text an operand enters decimal arithmetic as: mongod converts a double with 15
 * significant digits (0.1 → 0.100000000000000), integers and Decimal128 as they are.
 */
function arithmeticText(v: unknown): string {
  const k = numKind(v);
  if (k === 'decimal') return (v as Decimal128).toString();
  if (k === 'long') return (v as Long).toString();
  const n = plainNumber(v);
  if (k === 'double' && Number.isFinite(n)) return n.toPrecision(15);
  return String(n);
}

function arithmeticDecimal(v: unknown): Dec {
  return numKind(v) === 'decimal' ? decimalOf(v) : new D(arithmeticText(v));
}

/** Number of digits after the point an operand carries in decimal arithmetic (trailing zeros included). */
function scaleOf(v: unknown): number {
  const m = /^[+-]?\d*(?:\.(\d*))?(?:E([+-]?\d+))?$/i.exec(arithmeticText(v));
  if (!m) return 0;
  return Math.max(0, (m[1]?.length ?? 0) - Number(m[2] ?? 0));
}

/** Writes `d` with `scale` digits after the point when that stays within 34 digits (mongod keeps 0.10 + 0.20 = 0.30). */
function withScale(d: Dec, scale: number): Decimal128 {
  if (!d.isFinite() || scale <= d.decimalPlaces()) return toDecimal128(d);
  const text = d.toFixed(scale);
  if (text.replace(/^-|\./g, '').replace(/^0+/, '').length > 34) return toDecimal128(d);
  return Decimal128.fromString(text);
}

function fromBig(x: bigint, kind: 'int' | 'long'): unknown {
  if (kind === 'int' && x >= BigInt(INT32_MIN) && x <= BigInt(INT32_MAX)) return Number(x);
  if (x >= INT64_MIN && x <= INT64_MAX) return Long.fromBigInt(x);
  return undefined; // overflow
}

/** Sum of numbers with mongod's typing; undefined when int64 overflowed (caller decides). */
export function exactSum(values: unknown[]): unknown {
  const kind = resultKind(values);
  if (kind === 'decimal') {
    let total = new D(0);
    for (const v of values) total = total.plus(arithmeticDecimal(v));
    return withScale(total, Math.max(0, ...values.map(scaleOf)));
  }
  if (kind === 'double') {
    let total = 0;
    for (const v of values) total += tag(v) === 'Long' ? (v as Long).toNumber() : plainNumber(v);
    return total;
  }
  let total = 0n;
  for (const v of values) total += bigOf(v);
  return fromBig(total, kind);
}

export function exactProduct(values: unknown[]): unknown {
  const kind = resultKind(values);
  if (kind === 'decimal') {
    let total = new D(1);
    for (const v of values) total = total.times(arithmeticDecimal(v));
    return withScale(
      total,
      values.reduce<number>((s, v) => s + scaleOf(v), 0),
    );
  }
  if (kind === 'double') {
    let total = 1;
    for (const v of values) total *= tag(v) === 'Long' ? (v as Long).toNumber() : plainNumber(v);
    return total;
  }
  let total = 1n;
  for (const v of values) total *= bigOf(v);
  return fromBig(total, kind);
}

export function exactNegate(v: unknown): unknown {
  const k = numKind(v);
  if (k === 'decimal') return toDecimal128(decimalOf(v).neg());
  if (k === 'long') return fromBig(-bigOf(v), 'long');
  return -plainNumber(v);
}

/** mongod's code for "can't $divide by zero". */
const DIVIDE_BY_ZERO = 16608;

/** a / b: double unless a decimal is involved (mongod: $divide of ints is a double). */
export function exactDivide(a: unknown, b: unknown): unknown {
  if (resultKind([a, b]) === 'decimal') {
    const y = arithmeticDecimal(b);
    if (y.isZero()) throw new CommandError(DIVIDE_BY_ZERO, "can't $divide by zero");
    // IEEE 754 decimal: an exact quotient keeps the preferred scale (241.00 / 2 = 120.50).
    return withScale(arithmeticDecimal(a).div(y), Math.max(0, scaleOf(a) - scaleOf(b)));
  }
  const y = tag(b) === 'Long' ? (b as Long).toNumber() : plainNumber(b);
  if (y === 0) throw new CommandError(DIVIDE_BY_ZERO, "can't $divide by zero");
  return (tag(a) === 'Long' ? (a as Long).toNumber() : plainNumber(a)) / y;
}

/** Turns an int64 overflow into mongod's aggregation answer: the double result. */
export function orDouble(result: unknown, values: unknown[], op: (xs: number[]) => number): unknown {
  if (result !== undefined) return result;
  return op(values.map((v) => (tag(v) === 'Long' ? (v as Long).toNumber() : plainNumber(v))));
}

/** The double value of a number (for operators that work in doubles, like $avg of non-decimals). */
export function asDouble(v: unknown): number {
  return tag(v) === 'Long' ? (v as Long).toNumber() : tag(v) === 'Decimal128' ? Number(String(v)) : plainNumber(v);
}

/** $avg with a Decimal128 among the values: the decimal sum divided by the count, as mongod does. */
export function decimalAverage(values: unknown[]): unknown {
  return exactDivide(exactSum(values), values.length);
}
