import { hasObjectWiderThan, nestsDeeperThan } from './json-depth.js';

const buf = (s: string) => Buffer.from(s);

describe('nestsDeeperThan', () => {
  it('counts array and object nesting, not brackets inside strings (escaped quotes included)', () => {
    expect(nestsDeeperThan(buf('[[[1]]]'), 3)).toBe(false);
    expect(nestsDeeperThan(buf('[[[[1]]]]'), 3)).toBe(true);
    expect(nestsDeeperThan(buf('{"a":{"b":[1]}}'), 3)).toBe(false);
    expect(nestsDeeperThan(buf('{"a":{"b":[{}]}}'), 3)).toBe(true);
    expect(nestsDeeperThan(buf('{"a":"[[[[[[\\"[[[["}'), 1)).toBe(false);
    expect(nestsDeeperThan(buf('[1,2,3,[4],[5],[6]]'), 2)).toBe(false);
    expect(nestsDeeperThan(buf('['.repeat(50_000) + ']'.repeat(50_000)))).toBe(true);
  });
});

describe('hasObjectWiderThan', () => {
  const fields = (n: number) => '{' + Array.from({ length: n }, (_, i) => `"f${i}":${i}`).join(',') + '}';
  it('counts the fields of each object apart; arrays and colons inside strings count nothing', () => {
    expect(hasObjectWiderThan(buf(fields(3)), 3)).toBe(false);
    expect(hasObjectWiderThan(buf(fields(4)), 3)).toBe(true);
    expect(hasObjectWiderThan(buf(`{"a":${fields(3)},"b":[${fields(3)},${fields(3)}],"c":"x:y:z"}`), 3)).toBe(false);
    expect(hasObjectWiderThan(buf(`{"a":[${fields(2)},${fields(4)}]}`), 3)).toBe(true);
    expect(hasObjectWiderThan(buf(`{"tags":[${'"a:b",'.repeat(5000)}"c"]}`), 3)).toBe(false);
    expect(hasObjectWiderThan(buf(`{"a":"\\\\","b":2}`), 1)).toBe(true); // an escaped backslash ends no string
  });
});
