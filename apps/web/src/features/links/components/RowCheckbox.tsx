import { useState } from 'react';
import { useChakraClasses } from '../../../components/ui/chakra-classes';

/** The inline style of Chakra's hidden input (visually hidden, still focusable and announced). */
const HIDDEN_INPUT = {
  border: 0,
  clip: 'rect(0px, 0px, 0px, 0px)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  width: '1px',
  whiteSpace: 'nowrap',
  overflowWrap: 'normal',
} as const;

/** How Chakra's Checkmark draws its tick (style props, in its order). */
const CHECKMARK = { fill: 'none', stroke: 'currentColor', strokeWidth: '3px', strokeLinecap: 'round', strokeLinejoin: 'round' };

/**
 * A row's (or the page's) selection tick: Chakra's small checkbox, drawn as its markup with its classes around a
 * native input, without a state machine per row (one per row was a large part of drawing My Links: see
 * docs/performance-history.md, "A team's volume of links", sixth pass).
 */
export function RowCheckbox({ label, checked, onChange }: { label: string; checked: boolean | 'indeterminate'; onChange: (on: boolean) => void }) {
  const cls = useChakraClasses('row-checkbox', ({ slot, slotStyles, styled }) => {
    const part = slot('checkbox', { size: 'sm' });
    return {
      root: part('root'),
      control: part('control'),
      // Checkbox.Indicator: Chakra's unstyled Checkmark, its drawing given as style props
      indicator: styled(slotStyles('checkbox', { size: 'sm' }).indicator, CHECKMARK),
    };
  });
  const [focusVisible, setFocusVisible] = useState(false);
  const state = checked === 'indeterminate' ? 'indeterminate' : checked ? 'checked' : 'unchecked';
  return (
    <label data-scope="checkbox" data-part="root" data-state={state} className={cls.root}>
      <input
        type="checkbox"
        aria-label={label}
        checked={checked === true}
        ref={(el) => {
          if (el) el.indeterminate = checked === 'indeterminate';
        }}
        onChange={(e) => onChange(e.target.checked)}
        onFocus={(e) => setFocusVisible(e.target.matches(':focus-visible'))}
        onBlur={() => setFocusVisible(false)}
        style={HIDDEN_INPUT}
      />
      <div
        data-scope="checkbox"
        data-part="control"
        data-state={state}
        data-focus-visible={focusVisible ? '' : undefined}
        aria-hidden="true"
        className={cls.control}
      >
        <svg viewBox="0 0 24 24" data-state={state} className={cls.indicator}>
          {state === 'indeterminate' ? <path d="M5 12h14" /> : state === 'checked' ? <polyline points="20 6 9 17 4 12" /> : null}
        </svg>
      </div>
    </label>
  );
}
