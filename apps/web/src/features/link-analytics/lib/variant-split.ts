import type { VariantSplitDto } from '@app/contracts';

/** "Variant A" for index 0, "Variant B" for 1, … */
export const variantLabel = (index: number) => `Variant ${String.fromCharCode(65 + index)}`;

/** Each variant with its share of the variants' clicks in whole percent (0 when none has clicks), in variant order. */
export function variantShares(split: VariantSplitDto[]): (VariantSplitDto & { share: number })[] {
  const total = split.reduce((s, v) => s + v.clicks, 0);
  return [...split].sort((a, b) => a.variant - b.variant).map((v) => ({ ...v, share: total ? Math.round((v.clicks / total) * 100) : 0 }));
}
