import { setFlagsFromString } from 'node:v8';

/**
 * How many hidden classes (V8 maps) `objects` have between them. Node 20's V8 gives every object made by
 * `{ ...source, newKey }` a map of its own once the site is warm (a map, its descriptors and a property array,
 * ~250 bytes, allocated in the old generation): objects kept by the hundred must be built another way.
 */
setFlagsFromString('--allow-natives-syntax');
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

export function hiddenClassCount(objects: readonly object[]): number {
  const representatives: object[] = [];
  for (const each of objects) if (!representatives.some((one) => haveSameMap(one, each))) representatives.push(each);
  return representatives.length;
}
