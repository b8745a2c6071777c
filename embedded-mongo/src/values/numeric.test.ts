import { Decimal128, Long } from 'bson';
import { describe, expect, it } from 'vitest';
import { compareNumeric, exactDivide, exactDoubleString, exactProduct, exactSum, numericKey } from './numeric.js';

const D = (s: string) => Decimal128.fromString(s);
const L = (s: string) => Long.fromString(s);

describe('exact numbers across int, long, double and decimal', () => {
  it('expands a double to its exact decimal value', () => {
    expect(exactDoubleString(0.1)).toBe('0.1000000000000000055511151231257827021181583404541015625');
    expect(exactDoubleString(-2.5)).toBe('-2.5');
    expect(exactDoubleString(1e21)).toBe('1000000000000000000000');
    expect(exactDoubleString(-0)).toBe('0');
  });

  it('orders values exactly, NaN below every number', () => {
    expect(compareNumeric(L('9007199254740993'), 9007199254740992)).toBe(1);
    expect(compareNumeric(9007199254740992, L('9007199254740993'))).toBe(-1);
    expect(compareNumeric(L('3'), 3.5)).toBe(-1);
    expect(compareNumeric(L('-3'), -3.5)).toBe(1);
    expect(compareNumeric(D('0.1'), 0.1)).toBe(-1);
    expect(compareNumeric(D('10.00'), L('10'))).toBe(0);
    expect(compareNumeric(Number.NaN, Number.NEGATIVE_INFINITY)).toBe(-1);
    expect(compareNumeric(D('Infinity'), Number.POSITIVE_INFINITY)).toBe(0);
    expect(compareNumeric(D('NaN'), Number.NaN)).toBe(0);
  });

  it('gives equal values one key and different values different keys', () => {
    expect(new Set([numericKey(10), numericKey(L('10')), numericKey(D('10.00')), numericKey(D('1E+1'))]).size).toBe(1);
    expect(numericKey(D('0.1'))).not.toBe(numericKey(0.1));
    expect(numericKey(D('0.5'))).toBe(numericKey(0.5));
    expect(numericKey(L('9007199254740993'))).not.toBe(numericKey(9007199254740992));
  });

  it('adds, multiplies and divides with mongod result types', () => {
    expect(exactSum([2147483647, 1])).toEqual(L('2147483648'));
    expect(exactSum([L('9223372036854775807'), 1])).toBeUndefined();
    expect(String(exactSum([D('0.10'), D('0.20')]))).toBe('0.30');
    expect(String(exactProduct([D('1.10'), 3]))).toBe('3.30');
    expect(exactProduct([3, 0.5])).toBe(1.5);
    expect(String(exactDivide(D('1'), D('3')))).toBe('0.3333333333333333333333333333333333');
    expect(exactDivide(10, 4)).toBe(2.5);
    // A double enters decimal arithmetic with 15 significant digits, as mongod converts it.
    expect(String(exactSum([D('0.1'), 0.1]))).toBe('0.200000000000000');
    expect(String(exactProduct([D('2'), 0.5]))).toBe('1.000000000000000');
    expect(() => exactDivide(1, 0)).toThrow("can't $divide by zero");
  });
});
