import { boolArray, textArray } from './pg-arrays.js';

const own = (v: string | null) => v;

describe('Postgres array literals', () => {
  it('joins a column with no NULL and nothing to escape, every element quoted', () => {
    expect(textArray(['a', 'b c', '{x,y}', ''], own)).toBe('{"a","b c","{x,y}",""}');
  });

  it('writes NULL unquoted and escapes quotes and backslashes, in any element of the column', () => {
    expect(textArray(['a', null, 'say "hi"', 'C:\\dir'], own)).toBe('{"a",NULL,"say \\"hi\\"","C:\\\\dir"}');
    expect(textArray(['plain', 'tail\\'], own)).toBe('{"plain","tail\\\\"}');
    expect(textArray([null, null], own)).toBe('{NULL,NULL}');
  });

  it('an empty column is an empty array', () => {
    expect(textArray([], own)).toBe('{}');
    expect(boolArray([], Boolean)).toBe('{}');
  });

  it('booleans as t and f', () => {
    expect(boolArray([true, false, true], (b) => b)).toBe('{t,f,t}');
  });
});
