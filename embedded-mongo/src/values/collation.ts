/**
 * Collation (MongoDB's `collation` option) through `Intl.Collator`, which uses
 * the same ICU data mongod does. Supported: locale, strength 1-3, caseLevel,
 * caseFirst, numericOrdering. Options ICU offers but Intl.Collator cannot express
 * (strength 4/5, alternate "shifted", backwards) are refused with NotImplemented
 * rather than silently compared another way.
 */
import { CommandError, ErrorCode } from './errors.js';
import { canonicalKey, isPlainObject, type Doc, type StringCompare } from './values.js';

export interface Collation {
  /** The collation as mongod echoes it back (normalized: defaults filled in). */
  spec: Doc;
  /** String order; undefined for the simple (binary) collation. */
  compare: StringCompare | undefined;
  /** Equal for two collations that order strings identically. */
  id: string;
}

export const SIMPLE: Collation = { spec: { locale: 'simple' }, compare: undefined, id: 'simple' };

const KNOWN = new Set([
  'locale',
  'caseLevel',
  'caseFirst',
  'strength',
  'numericOrdering',
  'alternate',
  'maxVariable',
  'normalization',
  'backwards',
  'version',
]);

function notImplemented(what: string): CommandError {
  return new CommandError(ErrorCode.NotImplemented, `collation ${what} is not supported by the embedded engine`);
}

const cache = new Map<string, Collation>();

/** Parses a `collation` document; undefined/null means "none given". */
export function parseCollation(raw: unknown): Collation | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!isPlainObject(raw)) {
    throw new CommandError(ErrorCode.TypeMismatch, "BSON field 'collation' is the wrong type, expected type 'object'");
  }
  const cached = cache.get(canonicalKey(raw));
  if (cached) return cached;
  for (const k of Object.keys(raw)) {
    if (!KNOWN.has(k)) throw new CommandError(ErrorCode.BadValue, `unknown collation field: '${k}'`);
  }
  const locale = raw.locale;
  if (typeof locale !== 'string' || locale === '') {
    throw new CommandError(ErrorCode.BadValue, "Missing expected field 'locale'");
  }
  if (locale === 'simple') {
    if (Object.keys(raw).length > 1) {
      throw new CommandError(ErrorCode.BadValue, "If 'locale' is set to 'simple', no other fields may be specified");
    }
    return SIMPLE;
  }
  const at = locale.indexOf('@');
  const intlLocale = (at === -1 ? locale : locale.slice(0, at)).replace(/_/g, '-');
  let supported: string[];
  try {
    supported = Intl.Collator.supportedLocalesOf([intlLocale]);
  } catch {
    supported = [];
  }
  if (supported.length === 0 && intlLocale !== 'root') {
    throw new CommandError(ErrorCode.BadValue, `Field 'locale' is invalid in: ${JSON.stringify(raw)}`);
  }
  const strength = raw.strength === undefined ? 3 : Number(raw.strength);
  if (![1, 2, 3, 4, 5].includes(strength)) {
    throw new CommandError(ErrorCode.BadValue, `Field 'strength' must be an integer 1 through 5. Got: ${strength}`);
  }
  if (strength > 3) throw notImplemented(`strength ${strength}`);
  const alternate = raw.alternate ?? 'non-ignorable';
  if (alternate !== 'non-ignorable') throw notImplemented(`alternate '${String(alternate)}'`);
  if (raw.backwards === true) throw notImplemented('backwards: true');
  const caseFirst = raw.caseFirst ?? 'off';
  if (caseFirst !== 'off' && caseFirst !== 'upper' && caseFirst !== 'lower') {
    throw new CommandError(ErrorCode.BadValue, `Field 'caseFirst' must be 'upper', 'lower' or 'off'`);
  }
  const caseLevel = raw.caseLevel === true;
  const numericOrdering = raw.numericOrdering === true;
  const sensitivity =
    strength === 1 ? (caseLevel ? 'case' : 'base') : strength === 2 ? (caseLevel ? 'variant' : 'accent') : 'variant';
  const collator = new Intl.Collator(intlLocale === 'root' ? 'und' : intlLocale, {
    sensitivity,
    caseFirst: caseFirst === 'off' ? 'false' : caseFirst,
    numeric: numericOrdering,
    usage: 'sort',
  });
  const spec: Doc = {
    locale,
    caseLevel,
    caseFirst,
    strength,
    numericOrdering,
    alternate: 'non-ignorable',
    maxVariable: 'punct',
    normalization: raw.normalization === true,
    backwards: false,
    version: '57.1',
  };
  const parsed: Collation = { spec, compare: (a, b) => collator.compare(a, b), id: canonicalKey(spec) };
  cache.set(canonicalKey(raw), parsed);
  return parsed;
}

/** The collation an operation runs with: its own, else the collection's default, else simple. */
export function effectiveCollation(requested: unknown, collectionDefault: Doc | undefined): Collation {
  return parseCollation(requested) ?? parseCollation(collectionDefault) ?? SIMPLE;
}
