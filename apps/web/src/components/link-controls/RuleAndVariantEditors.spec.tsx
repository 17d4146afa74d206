import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test-utils';
import type { RuleRow, VariantRow } from './form-types';
import { RulesEditor } from './RulesEditor';
import { VariantsEditor } from './VariantsEditor';

describe('RulesEditor values', () => {
  it('ticks devices from the fixed list instead of typing them', async () => {
    const onChange = jest.fn<(rows: RuleRow[]) => void>();
    renderWithProviders(<RulesEditor rows={[{ type: 'device', values: 'mobile', url: '' }]} onChange={onChange} showError={false} />);
    const group = screen.getByRole('group', { name: 'Rule 1 values' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['desktop', 'mobile', 'tablet']);
    expect(within(group).getByRole('checkbox', { name: 'mobile' })).toBeChecked();
    fireEvent.click(within(group).getByRole('checkbox', { name: 'tablet' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([{ type: 'device', values: 'mobile, tablet', url: '' }]));
  });

  it('offers the operating systems the redirector knows, and clears typed values when switching to them', () => {
    const onChange = jest.fn<(rows: RuleRow[]) => void>();
    renderWithProviders(<RulesEditor rows={[{ type: 'country', values: 'GB', url: 'https://e.com' }]} onChange={onChange} showError={false} />);
    expect(screen.getByLabelText('Rule 1 values')).toHaveValue('GB');
    fireEvent.change(screen.getByLabelText('Rule 1 type'), { target: { value: 'os' } });
    expect(onChange).toHaveBeenLastCalledWith([{ type: 'os', values: '', url: 'https://e.com' }]);
  });
});

describe('VariantsEditor', () => {
  it("starts an A/B test with variant A as the link's destination", () => {
    const onChange = jest.fn<(rows: VariantRow[]) => void>();
    renderWithProviders(<VariantsEditor rows={[]} destination=" https://example.com/landing " onChange={onChange} showError={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add A/B test' }));
    expect(onChange).toHaveBeenCalledWith([
      { url: 'https://example.com/landing', weight: '50' },
      { url: '', weight: '50' },
    ]);
  });
});
