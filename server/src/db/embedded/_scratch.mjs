import { ObjectId, Long, Decimal128, Timestamp } from 'bson';
import { Query, Aggregator, update, find } from 'mingo';
const o2 = {tags: ['a','b'], n: 5}; console.log(update(o2, {$addToSet: {tags: {$each: ['b','c']}}, $pull: {x: 1}, $mul: {n: 2}, $rename: {z: 'm'}}), o2);
const o3 = {items: [{id: 1, q: 1}, {id: 2, q: 1}]}; console.log(update(o3, {$inc: {'items.$.q': 5}}, [], {'items.id': 2}), JSON.stringify(o3));
const o4 = {items: [{id: 1, q: 1}, {id: 2, q: 1}]}; console.log(update(o4, {$set: {'items.$[e].q': 9}}, [{'e.id': 1}]), JSON.stringify(o4));
try { new Query({$foo: 1}, {}) } catch (e) { console.log(e.constructor.name, e.message) }
console.log(new Aggregator([{$group: {_id: '$k', n: {$sum: 1}}}], {}).run([{k: new ObjectId('0123456789abcdef01234567')}, {k: new ObjectId('0123456789abcdef01234567')}]));
try {console.log(new Aggregator([{$documents: [{a:1}]}], {}).run([]));} catch (e) { console.log(e.message) }
try { console.log(new Aggregator([{$out: 'x'}], {}).run([{a:1}])) } catch (e) { console.log(e.message) }
const o5 = {a: [1,2,3], m: 5}; console.log(update(o5, {$pop: {a: -1}, $min: {m: 3}, $max: {mx: 4}, $pullAll: {}}), o5);
const o6 = {a: {b: 1}, c: [1,2,3,4]}; console.log(update(o6, {$unset: {'a.b': ''}, $pull: {c: {$gte: 3}}}), o6);
const o7 = {}; console.log(update(o7, {$set: {'a.b.c': 1}, $push: {arr: 1}}), o7);
const o8 = {c: [1,2,3,4]}; console.log(update(o8, {$push: {c: {$each: [0], $sort: 1, $slice: -3}}}), o8);
try { console.log(new Query({$where: 'this.a == 1'}, {scriptEnabled: false}).test({a:1})) } catch (e) { console.log(e.message) }
try { console.log(new Query({a: {$near: [1,2]}}, {}).test({a:1})) } catch (e) { console.log(e.message) }
try { console.log(new Query({$text: {$search: 'x'}}, {}).test({a:1})) } catch (e) { console.log(e.message) }
console.log(new Query({a: null}, {}).test({}), new Query({'a.b': 2}, {}).test({a: [{b: 1}, {b: 2}]}), new Query({a: {$size: 2}}, {}).test({a: [1,2]}));
console.log(new Query({a: /^x/i}, {}).test({a: 'Xy'}), new Query({a: {$regex: '^x', $options: 'i'}}, {}).test({a: 'Xy'}));
console.log(new Query({a: {b: 1, c: 2}}, {}).test({a: {c: 2, b: 1}}));
console.log(new Query({d: {$gte: new Date(5)}}, {}).test({d: new Date(10)}), new Query({d: {$gte: new Date(50)}}, {}).test({d: new Date(10)}));
console.log(new Query({_id: {$gt: new ObjectId('000000000000000000000001')}}, {}).test({_id: new ObjectId('000000000000000000000002')}));
console.log(new Query({$expr: {$gt: ['$a', '$b']}}, {}).test({a: 2, b: 1}));
