import { BSON, Long, Decimal128, Int32, Double, ObjectId } from 'bson';
const b = BSON.serialize({a: Long.fromNumber(5), big: Long.fromString('9223372036854775807'), i: new Int32(3), d: new Double(2.0), dd: 2.5});
console.log(BSON.deserialize(b, {promoteLongs: false}), BSON.deserialize(b));
const s = BSON.serialize({x: 1}); console.log(s.constructor.name, Buffer.isBuffer(s));
console.log(BSON.calculateObjectSize({x: 1}));
console.log(new ObjectId()._bsontype, Long.fromNumber(1)._bsontype, Object.getPrototypeOf(BSON.deserialize(b)) === Object.prototype);
