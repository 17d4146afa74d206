import { describe, expect, it } from '@jest/globals';
import { axisTick, countOf, formatCount } from './numbers';

describe('number formatting (one style for every count)', () => {
  it('groups thousands with commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1372717)).toBe('1,372,717');
  });

  it('says counts with the right plural', () => {
    expect(countOf(1, 'IP')).toBe('1 IP');
    expect(countOf(2, 'IP')).toBe('2 IPs');
    expect(countOf(0, 'click')).toBe('0 clicks');
    expect(countOf(1, 'click')).toBe('1 click');
    expect(countOf(12345, 'click')).toBe('12,345 clicks');
    expect(countOf(1, 'city', 'cities')).toBe('1 city');
    expect(countOf(3, 'city', 'cities')).toBe('3 cities');
  });

  it('shortens axis ticks: 400K, 1.2M, small numbers as they are', () => {
    expect(axisTick(0)).toBe('0');
    expect(axisTick(5)).toBe('5');
    expect(axisTick(950)).toBe('950');
    expect(axisTick(1500)).toBe('1.5K');
    expect(axisTick(400_000)).toBe('400K');
    expect(axisTick(1_200_000)).toBe('1.2M');
    expect(axisTick(2_000_000_000)).toBe('2B');
  });
});
